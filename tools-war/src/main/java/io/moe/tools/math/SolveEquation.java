package io.moe.tools.math;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.interfaces.IAST;
import org.matheclipse.core.interfaces.IExpr;

import java.util.Set;

/** solve_equation: the exact solutions of an algebraic equation in one variable, with Symja's Solve. */
public final class SolveEquation implements Tool {

    private final AlgebraPool algebra;

    public SolveEquation(AlgebraPool algebra) {
        this.algebra = algebra;
    }

    @Override
    public String name() {
        return "solve_equation";
    }

    @Override
    public String description() {
        return "Solve an algebraic equation for one variable exactly, e.g. 2x + 3 = 7 or x^2 - 5x + 6 = 0 (an expression without '=' is set to 0).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("equation", "string", "e.g. x^2 - 5x + 6 = 0")
                .optional("var", "string", "the variable to solve for (default: the only unknown)").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String equation = args.string("equation", "expression", "eq");
        String text = Algebra.normalise("equation", equation).replaceAll("(?<![=<>!])=(?!=)", "==");
        if (text.chars().filter(c -> c == '=').count() > 2) {
            throw ToolException.invalid("equation", "give one equation with a single '='");
        }
        if (!text.contains("==")) {
            text = "(" + text + ")==0";
        }
        IExpr parsed = Algebra.parse("equation", text, null);
        Set<String> unknowns = Algebra.unknowns(parsed);
        String variable = args.optionalString("var", "variable").map(String::trim)
                .orElseGet(() -> {
                    if (unknowns.size() != 1) {
                        throw new ToolException(Kind.INVALID, unknowns.isEmpty() ? "invalid_argument" : "missing_argument", "var",
                                unknowns.isEmpty() ? "the equation has no variable to solve for"
                                        : "the equation has several unknowns " + unknowns + "; name one in 'var'");
                    }
                    return unknowns.iterator().next();
                });
        if (!variable.matches("[A-Za-z][A-Za-z0-9]*") || !unknowns.contains(variable)) {
            throw ToolException.invalid("var", "'" + variable + "' does not occur in the equation; its unknowns are " + unknowns);
        }
        return algebra.evaluate("equation", evaluator -> {
            IExpr result = evaluator.eval(F.Solve(parsed, F.symbol(variable)));
            JsonArrayBuilder exact = Jsonp.createArrayBuilder();
            JsonArrayBuilder decimal = Jsonp.createArrayBuilder();
            int count = 0;
            if (result.isList()) {
                for (IExpr solution : (IAST) result) {
                    if (solution.isList() && ((IAST) solution).argSize() == 1 && ((IAST) solution).arg1().isRuleAST()) {
                        IExpr value = Algebra.evaluated("equation", ((IAST) ((IAST) solution).arg1()).arg2());
                        exact.add(value.toString());
                        String d = Algebra.decimal(evaluator, value);
                        if (d == null) {
                            decimal.addNull();
                        } else {
                            decimal.add(d);
                        }
                        count++;
                    }
                }
            } else {
                throw new ToolException(Kind.UNPROCESSABLE, "not_solvable", "equation", "no closed-form solution found for " + equation);
            }
            return Jsonp.createObjectBuilder().add("equation", equation).add("var", variable).add("count", count)
                    .add("solutions", exact).add("decimal", decimal).build();
        });
    }
}
