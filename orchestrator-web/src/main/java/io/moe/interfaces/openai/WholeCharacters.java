package io.moe.interfaces.openai;

/**
 * The answer's text as a stream passes it on piece by piece, never ending in the first half of a surrogate pair (an
 * emoji): written alone that half becomes '?', so it waits for the next piece. One per stream; what it still holds at
 * the end is not counted as sent, and goes with the rest of the answer.
 */
public final class WholeCharacters {

    private String held = "";

    /** {@code piece} after what was held back, without a trailing first half, which is held back in turn. */
    public String next(String piece) {
        String text = held + piece;
        held = "";
        if (!text.isEmpty() && Character.isHighSurrogate(text.charAt(text.length() - 1))) {
            held = text.substring(text.length() - 1);
            return text.substring(0, text.length() - 1);
        }
        return text;
    }
}
