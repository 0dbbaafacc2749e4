package io.moe.tools.math;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import org.matheclipse.core.interfaces.IExpr;

import java.util.Set;

/**
 * calculate: exact arithmetic with Symja — fractions stay fractions (1/3 + 1/6 = 1/2) and decimals are
 * read exactly (0.1 + 0.2 = 0.3); the result comes exact and as a decimal.
 */
public final class Calculate implements Tool {

    private final AlgebraPool algebra;

    public Calculate(AlgebraPool algebra) {
        this.algebra = algebra;
    }

    @Override
    public String name() {
        return "calculate";
    }

    @Override
    public String description() {
        return "Exact arithmetic: + - × ÷ ^, parentheses, percentages (\"15% of 80\"), sqrt, abs, round, sin, cos, tan (radians), "
                + "log (base 10), ln, exp, floor, ceil, factorial, mod(a,b), pi, e.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("expression", "string", "e.g. (3 + 4) * 2^3, 15% of 80, sqrt(2)").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String expression = args.string("expression", "expr", "formula", "input");
        if (expression.isBlank()) {
            throw ToolException.invalid("expression", "'expression' is empty");
        }
        IExpr parsed = Algebra.parse("expression", Algebra.normalise("expression", expression), Set.of());
        return algebra.evaluate("expression", evaluator -> {
            IExpr exact = Algebra.evaluated("expression", evaluator.eval(parsed));
            if (exact.isIndeterminate() || exact.isComplexInfinity() || exact.isInfinity() || exact.isNegativeInfinity()) {
                throw ToolException.invalid("expression", "the expression has no finite value (e.g. division by zero)");
            }
            String decimal = Algebra.decimal(evaluator, exact);
            JsonObjectBuilder out = Jsonp.createObjectBuilder().add("expression", expression).add("exact", exact.toString());
            if (decimal == null) {
                out.addNull("result");
            } else {
                out.add("result", decimal);
            }
            return out.build();
        });
    }
}
