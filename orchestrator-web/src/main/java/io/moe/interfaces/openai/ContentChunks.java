package io.moe.interfaces.openai;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts an answer into the pieces of a streamed response: about 50 characters each, preferably after a
 * space, never inside a surrogate pair. Joined together the pieces give the answer back exactly.
 */
public final class ContentChunks {

    static final int TARGET = 50;

    private ContentChunks() {
    }

    public static List<String> of(String text) {
        List<String> pieces = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = Math.min(text.length(), start + TARGET);
            if (end < text.length()) {
                int space = text.lastIndexOf(' ', end - 1);
                if (space >= start + TARGET / 2) {
                    end = space + 1;
                }
                if (Character.isHighSurrogate(text.charAt(end - 1))) {
                    end--;
                }
            }
            pieces.add(text.substring(start, end));
            start = end;
        }
        return pieces;
    }
}
