package io.moe.tools.math;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import org.matheclipse.core.eval.EvalEngine;
import org.matheclipse.core.eval.ExprEvaluator;
import org.matheclipse.core.interfaces.IAST;
import org.matheclipse.core.interfaces.IExpr;
import org.matheclipse.core.parser.ExprParser;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and evaluates arithmetic with Symja. Input is never executed: it is parsed into an
 * expression tree, every node is checked against a short list of arithmetic functions, decimals are
 * read as exact fractions, and evaluation runs on the bounded {@link AlgebraPool} with a time limit.
 */
final class Algebra {

    static final int MAX_EXPRESSION = 1000;
    private static final Set<String> FUNCTIONS = Set.of("Plus", "Times", "Power", "Sqrt", "Abs", "Round", "Sin", "Cos",
            "Tan", "Log", "Log10", "Exp", "Floor", "Ceiling", "Factorial", "Mod", "Rational", "Equal", "Complex");
    /** How many arguments each function takes, as {least, most}; Plus and Times take any number. */
    private static final Map<String, int[]> ARITY = Map.ofEntries(Map.entry("Power", new int[]{2, 2}), Map.entry("Sqrt", new int[]{1, 1}),
            Map.entry("Abs", new int[]{1, 1}), Map.entry("Round", new int[]{1, 2}), Map.entry("Sin", new int[]{1, 1}),
            Map.entry("Cos", new int[]{1, 1}), Map.entry("Tan", new int[]{1, 1}), Map.entry("Log", new int[]{1, 2}),
            Map.entry("Log10", new int[]{1, 1}), Map.entry("Exp", new int[]{1, 1}), Map.entry("Floor", new int[]{1, 1}),
            Map.entry("Ceiling", new int[]{1, 1}), Map.entry("Factorial", new int[]{1, 1}), Map.entry("Mod", new int[]{2, 2}),
            Map.entry("Rational", new int[]{2, 2}), Map.entry("Equal", new int[]{2, 2}), Map.entry("Complex", new int[]{2, 2}));
    private static final Set<String> CONSTANTS = Set.of("Pi", "E");
    /** The functions whose arguments a comma separates, as written (their arity in {@link #ARITY} is 2 at most). */
    private static final Set<String> TWO_ARGUMENTS = Set.of("mod", "round", "rational", "equal", "complex", "power");
    private static final Pattern PERCENT_OF = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*%\\s*(?:of|von)\\s+");
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*%");
    /** A decimal, also right before a letter ("1.2x", "2.5pi"), but not the mantissa of scientific notation ("1.5e3"). */
    private static final Pattern DECIMAL = Pattern.compile("(?<![\\w.])(\\d+)\\.(\\d+)(?![\\d.]|[eE][+-]?\\d)");

    private Algebra() {
    }

    /** Rewrites calculator notation into Symja's: ×, ÷, −, "N% of X", N%, ln/log, ceil, e, decimals as fractions. */
    static String normalise(String argument, String input) {
        if (input.length() > MAX_EXPRESSION) {
            throw new ToolException(Kind.TOO_LARGE, "input_too_large", argument, "'" + argument + "' is limited to " + MAX_EXPRESSION + " characters");
        }
        String s = input.trim().replace('×', '*').replace('·', '*').replace('÷', '/').replace('−', '-').replace('–', '-')
                .replace("**", "^");
        s = decimalCommas(s);
        s = PERCENT_OF.matcher(s).replaceAll("($1/100)*");
        s = PERCENT.matcher(s).replaceAll("($1/100)");
        if (s.contains("%")) {
            throw ToolException.invalid(argument, "'%' is a percentage (e.g. 15% of 80); write remainders as mod(a, b)");
        }
        s = s.replaceAll("(?i)\\blog\\s*\\(", "Log10(").replaceAll("(?i)\\bln\\s*\\(", "Log(")
                .replaceAll("(?i)\\bceil\\s*\\(", "Ceiling(").replaceAll("(?i)\\bfactorial\\s*\\(", "Factorial(")
                .replaceAll("\\be\\b", "E").replaceAll("(?i)\\bpi\\b", "Pi");
        Matcher m = DECIMAL.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, "(" + m.group(1) + m.group(2) + "/1" + "0".repeat(m.group(2).length()) + ")");
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * A comma between two digits as a decimal point ("1,5" is 1.5), except in the arguments of a function that takes
     * two ({@code mod(17,5)}), where every comma separates them ({@code log} is base 10 here and takes one).
     */
    private static String decimalCommas(String s) {
        StringBuilder out = new StringBuilder(s.length());
        java.util.Deque<Boolean> argumentLists = new java.util.ArrayDeque<>();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                argumentLists.push(TWO_ARGUMENTS.contains(nameBefore(s, i)));
            } else if (c == ')' && !argumentLists.isEmpty()) {
                argumentLists.pop();
            } else if (c == ',' && !Boolean.TRUE.equals(argumentLists.peek()) && i > 0 && i + 1 < s.length()
                    && Character.isDigit(s.charAt(i - 1)) && Character.isDigit(s.charAt(i + 1))) {
                c = '.';
            }
            out.append(c);
        }
        return out.toString();
    }

    /** The name written right before the parenthesis at {@code paren}, in lower case ("" when there is none). */
    private static String nameBefore(String s, int paren) {
        int end = paren;
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        int start = end;
        while (start > 0 && Character.isLetterOrDigit(s.charAt(start - 1))) {
            start--;
        }
        return s.substring(start, end).toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Parses {@code text}; allows the arithmetic functions, pi, e, and the symbols in {@code variables}
     * (null: any plain name, for finding the unknowns of an equation).
     */
    static IExpr parse(String argument, String text, Set<String> variables) {
        IExpr expr;
        try {
            expr = new ExprParser(new EvalEngine(true), true).parse(text);
        } catch (RuntimeException e) {
            throw ToolException.invalid(argument, "'" + argument + "' is not a valid expression: "
                    + firstLine(e.getMessage()) + " (use + - * / ^, parentheses, sqrt, abs, round, sin, cos, tan, log, ln, exp, floor, ceil, factorial, pi, e)");
        }
        check(argument, expr, variables);
        SizeBound.check(argument, expr);
        return expr;
    }

    /** The free symbols of {@code expr} other than pi and e, in alphabetical order. */
    static Set<String> unknowns(IExpr expr) {
        Set<String> names = new TreeSet<>();
        collect(expr, names);
        return names;
    }

    private static void collect(IExpr expr, Set<String> names) {
        if (expr.isSymbol()) {
            String name = expr.toString();
            if (!CONSTANTS.contains(name) && !FUNCTIONS.contains(name)) {
                names.add(name);
            }
        } else if (expr.isAST()) {
            IAST ast = (IAST) expr;
            for (int i = 1; i < ast.size(); i++) {
                collect(ast.get(i), names);
            }
        }
    }

    private static void check(String argument, IExpr expr, Set<String> variables) {
        if (expr.isSymbol()) {
            String name = expr.toString();
            if (!CONSTANTS.contains(name) && variables != null && !variables.contains(name)) {
                throw ToolException.invalid(argument, "unknown name '" + name.toLowerCase(Locale.ROOT) + "'; only numbers, pi, e"
                        + (variables == null || variables.isEmpty() ? "" : ", " + String.join(", ", variables))
                        + " and the listed functions are allowed");
            }
            return;
        }
        if (!expr.isAST()) {
            return;
        }
        IAST ast = (IAST) expr;
        String head = ast.head().toString();
        if (!FUNCTIONS.contains(head)) {
            throw ToolException.invalid(argument, "function '" + head.toLowerCase(Locale.ROOT) + "' is not allowed; use sqrt, abs, round, sin, cos, tan, log, ln, exp, floor, ceil, factorial, mod");
        }
        int[] arity = ARITY.get(head);
        if (arity != null && (ast.argSize() < arity[0] || ast.argSize() > arity[1])) {
            String takes = arity[0] == arity[1] ? String.valueOf(arity[0]) : arity[0] + " or " + arity[1];
            throw ToolException.invalid(argument, "function '" + head.toLowerCase(Locale.ROOT) + "' takes " + takes
                    + (arity[1] == 1 ? " argument" : " arguments") + ", not " + ast.argSize());
        }
        if (head.equals("Factorial") && ast.arg1().isInteger() && ast.arg1().toString().length() > 4) {
            throw ToolException.invalid(argument, "factorial is limited to arguments below 10000");
        }
        if (head.equals("Power") && ast.size() == 3 && ast.arg2().isInteger() && ast.arg2().toString().replace("-", "").length() > 5) {
            throw ToolException.invalid(argument, "exponents are limited to 99999");
        }
        for (int i = 1; i < ast.size(); i++) {
            check(argument, ast.get(i), variables);
        }
    }

    /**
     * {@code value}, unless the computer algebra gave up on part of it (it answers {@code Hold(...)} when an
     * evaluation passes its own iteration limits, e.g. {@code 3000!}): a 422 instead of a result without a value.
     */
    static IExpr evaluated(String argument, IExpr value) {
        if (value.toString().contains("Hold(")) {
            throw new ToolException(Kind.UNPROCESSABLE, "not_evaluated", argument,
                    "the computer algebra could not evaluate this within its limits (a factorial or power this large); use smaller numbers");
        }
        if (unrounded(value)) { // its decimal would be a 20-digit approximation padded out to look like an exact whole number
            throw new ToolException(Kind.UNPROCESSABLE, "not_evaluated", argument,
                    "the computer algebra could not round this exactly (floor, ceil, round or mod of a number this large); use smaller numbers");
        }
        return value;
    }

    private static final Set<String> ROUNDINGS = Set.of("Floor", "Ceiling", "Round", "Mod", "IntegerPart");

    /** Whether a rounding of a constant value is left unevaluated in {@code value}. */
    private static boolean unrounded(IExpr value) {
        if (!value.isAST()) {
            return false;
        }
        IAST ast = (IAST) value;
        if (ROUNDINGS.contains(ast.head().toString()) && unknowns(ast).isEmpty()) {
            return true;
        }
        for (int i = 1; i < ast.size(); i++) {
            if (unrounded(ast.get(i))) {
                return true;
            }
        }
        return false;
    }

    /** The value as a decimal string with up to 20 significant digits, or null when it is not a real number. */
    static String decimal(ExprEvaluator evaluator, IExpr exact) {
        if (exact.isInteger()) {
            return exact.toString();
        }
        if (exact.isFraction()) {
            String[] parts = exact.toString().split("/");
            BigDecimal quotient = new BigDecimal(parts[0]).divide(new BigDecimal(parts[1]), new MathContext(20));
            return quotient.stripTrailingZeros().toPlainString();
        }
        IExpr numeric = evaluator.eval("N(" + exact + ", 30)");
        if (!numeric.isReal()) {
            return null;
        }
        try {
            BigDecimal value = new BigDecimal(numeric.toString().replace("`", "").replaceAll("\\*10\\^", "E"));
            value = value.round(new MathContext(20)).stripTrailingZeros();
            return value.scale() < 0 ? value.setScale(0).toPlainString() : value.toPlainString();
        } catch (NumberFormatException e) {
            return numeric.toString();
        }
    }

    static String firstLine(String text) {
        if (text == null) {
            return "syntax error";
        }
        String line = text.strip().split("\\R")[0];
        return line.length() > 200 ? line.substring(0, 200) : line;
    }
}
