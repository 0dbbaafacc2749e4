package io.moe.application.pipeline.experts;

import io.moe.domain.chat.ChatMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The conversation context every expert gets (rule 4): the last 4 turns before the current question,
 * at most 3000 characters together (the oldest of them cut first); when the whole history is longer
 * than 2000 characters, the turns before those 4 are compressed to their opening words.
 */
public final class ConversationHistory {

    public static final int TURNS = 4;
    public static final int MAX_CHARS = 3000;
    static final int COMPRESS_ABOVE = 2000;
    static final int COMPRESSED_TURN = 120;
    static final int MAX_INSTRUCTION_CHARS = 4000;
    /** The progress block of a streamed answer, which a client sends back as part of the assistant's turn. */
    private static final Pattern THINKING = Pattern.compile("(?s)<think>.*?</think>");

    private ConversationHistory() {
    }

    /**
     * The client's own instructions — its system and developer messages (an app's system prompt, "answer in German") —
     * as a block for the experts' and the judge's prompts, at most {@value #MAX_INSTRUCTION_CHARS} characters (the
     * latest kept); "" when it sent none. They ride in the prompt's user turn, after the question: the template's
     * system prompts keep their place, and a request carrying them is neither cached nor shared ({@code SelfContained}).
     */
    public static String clientInstructions(List<ChatMessage> messages) {
        StringBuilder text = new StringBuilder();
        for (ChatMessage m : messages) {
            if (("system".equals(m.role()) || "developer".equals(m.role())) && !m.text().isBlank()) {
                text.append(text.isEmpty() ? "" : "\n").append(m.text().strip());
            }
        }
        if (text.isEmpty()) {
            return "";
        }
        String kept = text.length() > MAX_INSTRUCTION_CHARS ? "…" + text.substring(text.length() - MAX_INSTRUCTION_CHARS) : text.toString();
        return "Instructions of the client (follow them in the answer where they apply):\n" + kept;
    }

    /** The history block for an expert prompt, or "" when the question is the first turn. */
    public static String forExperts(List<ChatMessage> messages) {
        return forExperts(messages, TURNS, MAX_CHARS);
    }

    /** The history block with at most {@code maxTurns} recent turns in at most {@code maxChars} characters (a template's limits). */
    public static String forExperts(List<ChatMessage> messages, int maxTurns, int maxChars) {
        List<ChatMessage> turns = new ArrayList<>();
        int last = lastUser(messages);
        for (int i = 0; i < last; i++) {
            ChatMessage m = messages.get(i);
            if ("user".equals(m.role())) {
                turns.add(m);
            } else if ("assistant".equals(m.role())) {
                turns.add(new ChatMessage("assistant", THINKING.matcher(m.text()).replaceAll("").strip(), m.imageUrls()));
            }
        }
        if (turns.isEmpty()) {
            return "";
        }
        int split = Math.max(0, turns.size() - maxTurns);
        List<ChatMessage> older = turns.subList(0, split);
        List<ChatMessage> recent = turns.subList(split, turns.size());
        StringBuilder block = new StringBuilder();
        int total = turns.stream().mapToInt(m -> m.text().length()).sum();
        if (!older.isEmpty() && total > COMPRESS_ABOVE) {
            block.append("Earlier conversation (compressed):\n");
            older.forEach(m -> block.append("- ").append(m.role()).append(": ").append(opening(m.text())).append('\n'));
        }
        block.append("Recent conversation:\n").append(recentTurns(recent, maxChars));
        return block.toString();
    }

    private static String recentTurns(List<ChatMessage> recent, int maxChars) {
        List<String> lines = new ArrayList<>();
        int budget = maxChars;
        for (int i = recent.size() - 1; i >= 0 && budget > 0; i--) {
            String text = recent.get(i).text();
            String kept = text.length() > budget ? "…" + text.substring(text.length() - budget) : text;
            budget -= kept.length();
            lines.add(0, recent.get(i).role() + ": " + kept);
        }
        return String.join("\n", lines) + "\n";
    }

    private static String opening(String text) {
        String line = text.replaceAll("\\s+", " ").trim();
        return line.length() > COMPRESSED_TURN ? line.substring(0, COMPRESSED_TURN) + "…" : line;
    }

    private static int lastUser(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if ("user".equals(messages.get(i).role())) {
                return i;
            }
        }
        return messages.size();
    }
}
