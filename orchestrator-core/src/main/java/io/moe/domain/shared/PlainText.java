package io.moe.domain.shared;

import java.util.regex.Pattern;

/**
 * The one rule for text a person types that is stored or looked up: no control characters but tab and line breaks.
 * PostgreSQL refuses a NUL in any text value, so without this check a name, an e-mail address or a description holding
 * one would fail in the database (a 500) instead of being refused by name (a 400).
 */
public final class PlainText {

    private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]");

    private PlainText() {
    }

    /** Whether {@code text} holds a control character other than tab, line feed or carriage return (null holds none). */
    public static boolean hasControlCharacters(String text) {
        return text != null && CONTROL.matcher(text).find();
    }

    /** {@code text} with its control characters replaced by '?' and cut to {@code max} characters: what a log row can always hold. */
    public static String fit(String text, int max) {
        if (text == null) {
            return null;
        }
        String plain = CONTROL.matcher(text).replaceAll("?");
        return prefix(plain, max);
    }

    /**
     * The beginning of {@code text} of at most {@code max} characters, one less where the cut would fall inside a
     * surrogate pair (an emoji, a rare CJK character): half a pair is no character, and becomes '?' when written as UTF-8.
     */
    public static String prefix(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max > 0 && Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end);
    }
}
