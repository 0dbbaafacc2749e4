package io.moe.interfaces.openai;

import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.util.OptionalInt;

/**
 * Reads whole numbers from client JSON safely: the range is checked on the decimal value before any
 * conversion, so a number such as {@code 1e999999999} is refused at once instead of being expanded.
 */
public final class JsonNumbers {

    private JsonNumbers() {
    }

    /** Whether the value is a number from {@code min} to {@code max}, compared as decimals (no conversion to expand). */
    public static boolean inRange(JsonValue value, double min, double max) {
        return value instanceof JsonNumber n && n.bigDecimalValue().compareTo(BigDecimal.valueOf(min)) >= 0
                && n.bigDecimalValue().compareTo(BigDecimal.valueOf(max)) <= 0;
    }

    /** The value as an int when it is a whole number from {@code min} to {@code max}; empty otherwise. */
    static OptionalInt wholeInRange(JsonValue value, int min, int max) {
        if (!(value instanceof JsonNumber n)) {
            return OptionalInt.empty();
        }
        BigDecimal v = n.bigDecimalValue();
        if (v.compareTo(BigDecimal.valueOf(min)) < 0 || v.compareTo(BigDecimal.valueOf(max)) > 0
                || v.stripTrailingZeros().scale() > 0) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(v.intValueExact());
    }
}
