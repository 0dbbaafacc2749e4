package io.moe.application.pipeline.experts;

import io.moe.domain.chat.ChatMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConversationHistoryTest {

    @Test
    void theClientsSystemAndDeveloperMessagesAreItsInstructionsTheLatestKept() {
        assertEquals("", ConversationHistory.clientInstructions(List.of(ChatMessage.user("hi"))));
        String instructions = ConversationHistory.clientInstructions(List.of(new ChatMessage("system", "Answer in German.", List.of()),
                ChatMessage.user("hi"), new ChatMessage("developer", "Be brief.", List.of())));
        assertEquals("Instructions of the client (follow them in the answer where they apply):\nAnswer in German.\nBe brief.", instructions);
        String long_ = ConversationHistory.clientInstructions(List.of(new ChatMessage("system", "x".repeat(10_000) + " END", List.of())));
        assertTrue(long_.endsWith(" END") && long_.length() < ConversationHistory.MAX_INSTRUCTION_CHARS + 100, "cut from the start");
    }

    @Test
    void theProgressBlockOfAnEarlierStreamedAnswerIsNoHistory() {
        String history = ConversationHistory.forExperts(List.of(ChatMessage.user("first"),
                new ChatMessage("assistant", "<think>\nPlanning\nAsking experts: general\n</think>\n\nThe answer.", List.of()), ChatMessage.user("and?")));
        assertTrue(history.contains("assistant: The answer."), history);
        assertFalse(history.contains("Planning"), history);
    }

    @Test
    void aFirstQuestionHasNoHistory() {
        assertEquals("", ConversationHistory.forExperts(List.of(ChatMessage.user("hi"))));
    }

    @Test
    void theLastFourTurnsAreGivenAndOlderLongHistoryIsCompressed() {
        List<ChatMessage> messages = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            messages.add(new ChatMessage(i % 2 == 0 ? "user" : "assistant", "turn-" + i + " " + "x".repeat(600), List.of()));
        }
        messages.add(ChatMessage.user("current question"));
        String history = ConversationHistory.forExperts(messages);
        assertTrue(history.startsWith("Earlier conversation (compressed):"), history);
        assertTrue(history.contains("turn-0 xxx"), "older turns appear compressed");
        int recentStart = history.indexOf("Recent conversation:");
        String recent = history.substring(recentStart);
        assertFalse(recent.contains("turn-3 "), "only the last four turns are recent");
        assertTrue(recent.contains("turn-4 ") && recent.contains("turn-7 "));
        assertFalse(history.contains("current question"), "the question itself is not history");
        assertTrue(recent.length() <= ConversationHistory.MAX_CHARS + 200, "recent turns stay within 3000 characters");
    }

    @Test
    void recentTurnsAreCutToThreeThousandCharacters() {
        List<ChatMessage> messages = List.of(ChatMessage.user("a".repeat(5000)), new ChatMessage("assistant", "b".repeat(5000), List.of()),
                ChatMessage.user("now"));
        String history = ConversationHistory.forExperts(messages);
        assertTrue(history.length() <= ConversationHistory.MAX_CHARS + 60, "at most 3000 characters of turns: " + history.length());
        assertTrue(history.contains("bbbb"), "the newest turn is kept first");
    }
}
