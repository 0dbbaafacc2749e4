package io.moe.application.routing;

import io.moe.infrastructure.llm.InferenceException;
import io.moe.infrastructure.llm.ServerSlots;
import org.junit.jupiter.api.Test;

import java.net.http.HttpTimeoutException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which failed native calls are billed their reservation: those the server may have worked on, as the pipeline's are. */
class NativeBillingTest {

    @Test
    void aCallWithoutAnAnswerWithinTheServersTimeoutWasWorkedOn() {
        assertTrue(NativeChat.workedOn(new InferenceException("inference server 'gpu1' did not answer within 120 s", true,
                new HttpTimeoutException("request timed out"))), "else a long prompt with a large max_tokens is free GPU time");
    }

    @Test
    void aCallThatNeverWentOutOrWasRefusedCostsNothing() {
        assertFalse(NativeChat.workedOn(new InferenceException("every slot stayed busy", true,
                new ServerSlots.SlotWaitTimeout("every slot of server 'gpu1' stayed busy for 120 s"))), "it waited for a slot");
        assertFalse(NativeChat.workedOn(new InferenceException("could not be reached", false, null)));
        assertFalse(NativeChat.workedOn(new IllegalStateException("not a call failure")));
    }
}
