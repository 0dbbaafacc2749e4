package io.moe.application.spend;

import io.moe.application.pipeline.intake.InternalRequests;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.mode.Mode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a chat request reserves of its user's budget before it runs. */
class ReservationTest {

    private final MeteredChat chat = new MeteredChat();

    ReservationTest() {
        chat.typical = new TypicalCost();
        for (int i = 0; i < 50; i++) {
            chat.typical.observe(Mode.DEFAULT, 20_000); // the pipeline's requests of this mode cost about this much
        }
    }

    @Test
    void aPipelineRequestReservesTheModesTypicalCostWeightedByTheTemplate() {
        ChatRequest question = new ChatRequest(Mode.DEFAULT, List.of(ChatMessage.user("Why is the sky blue?")));
        long typical = chat.typical.of(Mode.DEFAULT);
        assertTrue(typical > 19_000, "typical " + typical);
        assertEquals(typical, chat.reservation(question, InternalRequests.isFrontEndTask(question), 1.0));
        assertEquals(Math.round(typical * 2.0), chat.reservation(question, false, 2.0));
    }

    @Test
    void aFrontEndsTitleTaskReservesItsOwnEstimateOnly() {
        ChatRequest title = new ChatRequest(Mode.DEFAULT, List.of(ChatMessage.user(
                "### Task:\nGenerate a concise, 3-5 word title with an emoji summarizing the chat history.\n<chat_history>\nUSER: hi\n</chat_history>")));
        assertTrue(InternalRequests.isFrontEndTask(title));
        assertEquals(MeteredChat.estimate(title), chat.reservation(title, true, 1.0),
                "one small model call: not refused near a limit for the cost of a whole pipeline run");
    }
}
