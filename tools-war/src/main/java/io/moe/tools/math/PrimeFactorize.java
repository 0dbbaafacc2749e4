package io.moe.tools.math;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** prime_factorize: the prime factors of a whole number from 2 to 10^24 (Pollard's rho beyond small primes). */
public final class PrimeFactorize implements Tool {

    static final BigInteger LIMIT = BigInteger.TEN.pow(24);
    private static final BigInteger TWO = BigInteger.TWO;

    @Override
    public String name() {
        return "prime_factorize";
    }

    @Override
    public String description() {
        return "Factorize a whole number (2 to 10^24) into primes; also says whether it is prime.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("number", "integer", "a whole number from 2 to 10^24").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        BigInteger n = args.integer("number", "n");
        if (n.compareTo(TWO) < 0 || n.compareTo(LIMIT) > 0) {
            throw ToolException.invalid("number", "'number' must be between 2 and 10^24, not " + n);
        }
        List<BigInteger> factors = new ArrayList<>();
        factor(n, factors);
        Collections.sort(factors);
        Map<BigInteger, Integer> powers = new TreeMap<>();
        factors.forEach(f -> powers.merge(f, 1, Integer::sum));
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        factors.forEach(list::add);
        StringBuilder form = new StringBuilder();
        powers.forEach((p, e) -> form.append(form.length() == 0 ? "" : " × ").append(p).append(e > 1 ? "^" + e : ""));
        return Jsonp.createObjectBuilder().add("number", n).add("factors", list).add("factorization", form.toString())
                .add("is_prime", factors.size() == 1).build();
    }

    private static void factor(BigInteger n, List<BigInteger> out) {
        for (int p : new int[]{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
            BigInteger bp = BigInteger.valueOf(p);
            while (n.mod(bp).signum() == 0) {
                out.add(bp);
                n = n.divide(bp);
            }
        }
        split(n, out);
    }

    private static void split(BigInteger n, List<BigInteger> out) {
        if (n.equals(BigInteger.ONE)) {
            return;
        }
        if (n.isProbablePrime(50)) {
            out.add(n);
            return;
        }
        BigInteger d = rho(n);
        split(d, out);
        split(n.divide(d), out);
    }

    /** Pollard's rho (Brent's cycle detection), deterministic seeds. */
    private static BigInteger rho(BigInteger n) {
        for (long c = 1; ; c++) {
            BigInteger cc = BigInteger.valueOf(c);
            BigInteger x = TWO, y = TWO, d = BigInteger.ONE;
            while (d.equals(BigInteger.ONE)) {
                x = x.multiply(x).add(cc).mod(n);
                y = y.multiply(y).add(cc).mod(n);
                y = y.multiply(y).add(cc).mod(n);
                d = x.subtract(y).abs().gcd(n);
            }
            if (!d.equals(n)) {
                return d;
            }
        }
    }
}
