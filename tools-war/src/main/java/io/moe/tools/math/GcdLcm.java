package io.moe.tools.math;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.math.BigInteger;

/** gcd_lcm: greatest common divisor and least common multiple of two whole numbers. */
public final class GcdLcm implements Tool {

    @Override
    public String name() {
        return "gcd_lcm";
    }

    @Override
    public String description() {
        return "Greatest common divisor and least common multiple of two whole numbers.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("a", "integer", "first whole number").required("b", "integer", "second whole number").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        BigInteger a = args.integer("a");
        BigInteger b = args.integer("b");
        if (a.bitLength() > 4096 || b.bitLength() > 4096) {
            throw new ToolException(Kind.TOO_LARGE, "input_too_large", a.bitLength() > 4096 ? "a" : "b", "numbers are limited to 4096 bits");
        }
        if (a.signum() == 0 && b.signum() == 0) {
            throw ToolException.invalid("a", "gcd and lcm of 0 and 0 are undefined; give at least one non-zero number");
        }
        BigInteger gcd = a.gcd(b);
        BigInteger lcm = a.signum() == 0 || b.signum() == 0 ? BigInteger.ZERO : a.multiply(b).abs().divide(gcd);
        return Jsonp.createObjectBuilder().add("a", a).add("b", b).add("gcd", gcd).add("lcm", lcm).build();
    }
}
