package io.moe.infrastructure.stores;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The breaker no request pays for: refused at once while open, closed by a trial of its own, one trial at a time. */
class OutageTest {

    private final AtomicInteger trials = new AtomicInteger();
    private final AtomicReference<CompletableFuture<Void>> trial = new AtomicReference<>();

    private Outage outage(Duration retryEvery) {
        return new Outage("Neo4j", retryEvery, Duration.ofSeconds(5), () -> {
            trials.incrementAndGet();
            CompletableFuture<Void> running = new CompletableFuture<>();
            trial.set(running);
            return running;
        }, IllegalStateException::new);
    }

    @Test
    void aFailedCallRefusesTheNextOnesAtOnceWithTheServicesOwnFailure() {
        Outage outage = outage(Duration.ofHours(1));
        assertDoesNotThrow(outage::admit);
        outage.failed("no answer within 5 s");
        IllegalStateException refused = assertThrows(IllegalStateException.class, outage::admit);
        assertTrue(refused.getMessage().startsWith("Neo4j is not answering (no answer within 5 s)"), refused.getMessage());
        assertEquals(0, trials.get(), "no trial before the interval passed");
        outage.answered();
        assertDoesNotThrow(outage::admit, "a call that was answered closes it");
    }

    @Test
    void whileOpenOneTrialAtATimeIsSentAndItsAnswerClosesIt() {
        Outage outage = outage(Duration.ZERO);
        outage.failed("Connection refused");
        assertThrows(IllegalStateException.class, outage::admit);
        assertThrows(IllegalStateException.class, outage::admit);
        assertEquals(1, trials.get(), "a second trial waits for the first");

        trial.get().completeExceptionally(new IllegalStateException("still down"));
        assertThrows(IllegalStateException.class, outage::admit);
        assertEquals(2, trials.get(), "a failed trial is followed by another");
        assertTrue(outage.open());

        trial.get().complete(null);
        assertFalse(outage.open(), "the trial's answer closes it");
        assertDoesNotThrow(outage::admit);
    }
}
