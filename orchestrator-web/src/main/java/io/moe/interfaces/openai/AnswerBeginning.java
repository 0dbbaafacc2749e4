package io.moe.interfaces.openai;

import io.moe.application.routing.NativeChat;

/** The beginning of an answer passed through piece by piece, and its whole length: what its audit event carries. */
public final class AnswerBeginning {

    private final StringBuilder kept = new StringBuilder();
    private long length;

    public void add(String piece) {
        length += piece.length();
        if (kept.length() < NativeChat.SNIPPET) {
            kept.append(piece, 0, Math.min(piece.length(), NativeChat.SNIPPET - kept.length()));
        }
    }

    public String text() {
        return kept.toString();
    }

    public long length() {
        return length;
    }
}
