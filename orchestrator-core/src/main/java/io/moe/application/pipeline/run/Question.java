package io.moe.application.pipeline.run;

import io.moe.domain.chat.ChatMessage;

import java.util.ArrayList;
import java.util.List;

/**
 * What the run answers: the conversation and its last user question, as the client sent them or as a
 * skill rewrote them (rule 13). Written only by the pipeline thread, before any branch starts.
 */
public final class Question {

    private String text;
    private List<ChatMessage> messages;
    private volatile float[] embedding;
    private boolean rewritten;

    Question(List<ChatMessage> messages, String text) {
        this.messages = List.copyOf(messages);
        this.text = text;
    }

    /** The last user turn's text. */
    public String text() {
        return text;
    }

    /** The whole conversation. */
    public List<ChatMessage> messages() {
        return messages;
    }

    /** Replaces the text of the last user turn (a skill's expansion), keeping its images. */
    public void replace(String newText) {
        List<ChatMessage> copy = new ArrayList<>(messages);
        for (int i = copy.size() - 1; i >= 0; i--) {
            if ("user".equals(copy.get(i).role())) {
                copy.set(i, new ChatMessage("user", newText, copy.get(i).imageUrls()));
                break;
            }
        }
        this.messages = List.copyOf(copy);
        this.text = newText;
        this.embedding = null;
        this.rewritten = true;
    }

    /** Whether a skill rewrote the question: its text is then the skill's prompt, which only the skill's grantees may see. */
    public boolean rewritten() {
        return rewritten;
    }

    /** The semantic cache's embedding of the text, once its lookup computed it (null before): its store reuses it. */
    public float[] embedding() {
        return embedding;
    }

    public void embedding(float[] embedding) {
        this.embedding = embedding;
    }

    /** Images of the last user turn (rule 14). */
    public List<String> images() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if ("user".equals(messages.get(i).role())) {
                return messages.get(i).imageUrls();
            }
        }
        return List.of();
    }
}
