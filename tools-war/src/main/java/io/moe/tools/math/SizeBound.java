package io.moe.tools.math;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import org.apache.commons.math3.special.Gamma;
import org.matheclipse.core.interfaces.IAST;
import org.matheclipse.core.interfaces.IExpr;

/**
 * Estimates, before the exact evaluation, how many decimal digits the numbers of an expression can
 * reach, and refuses expressions whose exact value would be astronomically large (9^9^9, (10!)!,
 * (2^99999)^99999): those would exhaust memory long before any time limit helps. Works in log10 space
 * with doubles, so the estimate itself is cheap and cannot overflow.
 */
final class SizeBound {

    /** Most decimal digits an exact intermediate value may have. */
    static final double MAX_DIGITS = 100_000;
    /**
     * Most digits a number given to a function other than +, ×, ^ and ! may have, and a power of a base that is not a
     * whole number may reach: Symja works on such values (a square root, a remainder, a rounding, digits of e or π) in
     * steps that do not look at its stop request, so a larger one would hold a thread and a core for minutes after its
     * time limit.
     */
    static final double MAX_FUNCTION_DIGITS = 1_000;

    private SizeBound() {
    }

    /** An upper bound of log10|value| and, when small enough to know, the value itself (else NaN). */
    record Size(double log10, double value) {

        static Size of(double v) {
            double a = Math.abs(v);
            return new Size(a == 0 ? 0 : Math.log10(a), v);
        }

        static Size huge(double log10) {
            return new Size(log10, Double.NaN);
        }
    }

    static void check(String argument, IExpr expr) {
        size(argument, expr);
    }

    private static Size size(String argument, IExpr e) {
        Size s = estimate(argument, e);
        if (s.log10() > MAX_DIGITS) {
            throw new ToolException(Kind.UNPROCESSABLE, "result_too_large", argument,
                    "the exact value would have more than " + (long) MAX_DIGITS + " digits; use smaller numbers");
        }
        return s;
    }

    private static Size estimate(String argument, IExpr e) {
        if (e.isSymbol()) {
            String name = e.toString();
            return Size.of(name.equals("Pi") ? Math.PI : name.equals("E") ? Math.E : 1e6);
        }
        if (!e.isAST()) {
            String text = e.toString().replace("`", "");
            if (e.isInteger()) {
                double digits = text.replace("-", "").length();
                return digits > 300 ? Size.huge(digits) : Size.of(Double.parseDouble(text));
            }
            try {
                return Size.of(Double.parseDouble(text.replaceAll("\\*\\^", "E")));
            } catch (NumberFormatException notPlain) {
                return Size.of(1); // a fraction or other exact atom; its parts are small once parsed
            }
        }
        IAST ast = (IAST) e;
        String head = ast.head().toString();
        Size[] args = new Size[ast.argSize()];
        for (int i = 1; i < ast.size(); i++) {
            args[i - 1] = size(argument, ast.get(i));
        }
        return switch (head) {
            case "Plus" -> {
                double max = 0;
                double sum = 0;
                for (Size a : args) {
                    max = Math.max(max, a.log10());
                    sum += Double.isNaN(a.value()) ? Double.NaN : a.value();
                }
                yield Double.isNaN(sum) ? Size.huge(max + Math.log10(args.length)) : Size.of(sum);
            }
            case "Times" -> {
                double log = 0;
                double product = 1;
                for (Size a : args) {
                    log += Math.max(0, a.log10());
                    product *= Double.isNaN(a.value()) ? Double.NaN : a.value();
                }
                yield Double.isNaN(product) || Double.isInfinite(product) ? Size.huge(log) : Size.of(product);
            }
            // a root is a power too (sqrt(x) is x^(1/2)): exact arithmetic only for a whole base and a whole exponent
            case "Power" -> power(argument, args[0], args[1], whole(ast.arg1()) && ast.arg2().isInteger());
            case "Factorial" -> {
                double n = args[0].value();
                if (Double.isNaN(n) || n > 1e7) {
                    throw new ToolException(Kind.UNPROCESSABLE, "result_too_large", argument, "factorials are limited to arguments below 10000");
                }
                yield n < 2 ? Size.of(1) : Size.huge(Gamma.logGamma(n + 1) / Math.log(10));
            }
            case "Rational" -> Size.of(args[0].value() / args[1].value());
            default -> { // sqrt, abs, round, mod, trigonometry, logarithms: bounded by their inputs, which are bounded here
                for (Size a : args) {
                    if (a.log10() > MAX_FUNCTION_DIGITS) {
                        throw new ToolException(Kind.UNPROCESSABLE, "result_too_large", argument, "functions such as sqrt, mod, "
                                + "round and floor take numbers of at most " + (long) MAX_FUNCTION_DIGITS + " digits; use smaller numbers");
                    }
                }
                yield Size.of(1);
            }
        };
    }

    /** Whether {@code e} is a whole number however large: an integer, or sums, products and natural powers of them. */
    static boolean whole(IExpr e) {
        if (e.isInteger()) {
            return true;
        }
        if (!e.isAST()) {
            return false;
        }
        IAST ast = (IAST) e;
        String head = ast.head().toString();
        if (head.equals("Power")) {
            return ast.argSize() == 2 && whole(ast.arg1()) && ast.arg2().isInteger() && !ast.arg2().toString().startsWith("-");
        }
        if (!head.equals("Plus") && !head.equals("Times")) {
            return false;
        }
        for (int i = 1; i < ast.size(); i++) {
            if (!whole(ast.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static Size power(String argument, Size base, Size exponent, boolean wholeArithmetic) {
        double e = exponent.value();
        if (Double.isNaN(e) || Math.abs(e) > 1e9) {
            throw new ToolException(Kind.UNPROCESSABLE, "result_too_large", argument, "exponents are limited in size; use smaller numbers");
        }
        double log = Math.max(0, base.log10()) * Math.abs(e);
        if (!wholeArithmetic && log > MAX_FUNCTION_DIGITS) {
            throw new ToolException(Kind.UNPROCESSABLE, "result_too_large", argument, "a root, or a power of a number that is not "
                    + "whole (e, π, a decimal), may reach at most " + (long) MAX_FUNCTION_DIGITS + " digits; use a smaller exponent");
        }
        double value = Double.isNaN(base.value()) ? Double.NaN : Math.pow(base.value(), e);
        return Double.isNaN(value) || Double.isInfinite(value) ? Size.huge(log) : Size.of(value);
    }
}
