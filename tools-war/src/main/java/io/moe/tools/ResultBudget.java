package io.moe.tools;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import jakarta.json.JsonException;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;

import java.io.Writer;

/**
 * The most characters one tool result may take ({@code moe.tools.result.max-chars}). Tools that could
 * build a huge result spend from a budget as they go, so they stop before allocating it; the invoker
 * measures every finished result once more. Over the budget is a 422 {@code result_too_large} that
 * tells the caller how to narrow the request.
 */
public final class ResultBudget {

    private final long max;
    private final String hint;
    private long used;

    /** A fresh budget of {@code max} characters; {@code hint} says how to ask for less. */
    public ResultBudget(long max, String hint) {
        this.max = max;
        this.hint = hint;
    }

    /** Counts {@code chars} more characters of result; refuses once the total is over the budget. */
    public void spend(long chars) {
        used += chars;
        if (used > max) {
            throw tooLarge(max, hint);
        }
    }

    public static ToolException tooLarge(long max, String hint) {
        return new ToolException(Kind.UNPROCESSABLE, "result_too_large", null,
                "the result would be larger than " + max + " characters; " + hint);
    }

    /** Serialises {@code value} without keeping the text, refusing it as soon as it passes {@code max} characters. */
    public static void check(JsonValue value, long max, String hint) {
        try (JsonWriter writer = Jsonp.createWriter(new Counter(new ResultBudget(max, hint)))) {
            writer.write(value);
        } catch (JsonException e) {
            if (e.getCause() instanceof ToolException refusal) {
                throw refusal;
            }
            throw e;
        }
    }

    /** A writer that keeps nothing and only counts, against a budget. */
    private static final class Counter extends Writer {

        private final ResultBudget budget;

        Counter(ResultBudget budget) {
            this.budget = budget;
        }

        @Override
        public void write(char[] chars, int off, int len) {
            budget.spend(len);
        }

        @Override
        public void write(String s, int off, int len) {
            budget.spend(len);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
