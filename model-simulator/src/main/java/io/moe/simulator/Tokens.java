package io.moe.simulator;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A deterministic token count: words and single punctuation marks. Good enough to test accounting. */
final class Tokens {

    private static final Pattern TOKEN = Pattern.compile("\\w+|[^\\w\\s]", Pattern.UNICODE_CHARACTER_CLASS);

    private Tokens() {
    }

    static int count(String text) {
        Matcher m = TOKEN.matcher(text == null ? "" : text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The text up to the end of its {@code max}-th token, as a server cuts an answer at {@code max_tokens}. */
    static String truncate(String text, int max) {
        Matcher m = TOKEN.matcher(text == null ? "" : text);
        int n = 0;
        while (m.find()) {
            if (++n == max) {
                return text.substring(0, m.end());
            }
        }
        return text == null ? "" : text;
    }
}
