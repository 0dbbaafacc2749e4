package io.moe.infrastructure.stores;

import io.moe.application.ManagedThreads;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The breaker no request pays for: refused at once while open, closed by a background trial of its own, one at a time. */
class OutageTest {

    private final AtomicInteger trials = new AtomicInteger();
    private final AtomicReference<CompletableFuture<Void>> trial = new AtomicReference<>();

    private Outage outage(Duration retryEvery) {
        return new Outage("Neo4j", retryEvery, Duration.ofSeconds(5), () -> {
            CompletableFuture<Void> running = new CompletableFuture<>();
            trial.set(running);
            trials.incrementAndGet(); // after the trial is set: the test waits for the count, then completes the trial
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
        assertEquals(0, trials.get(), "no trial before the interval passed, and no call sends one");
        outage.answered();
        assertDoesNotThrow(outage::admit, "a call that was answered closes it");
        outage.close();
    }

    @Test
    void whileOpenTrialsAreSentInTheBackgroundOneAtATimeAndAnAnswerClosesIt() {
        Outage outage = outage(Duration.ofMillis(1));
        outage.failed("Connection refused");
        outage.failed("Connection refused again");
        ManagedThreads.until(() -> trials.get() == 1, "a trial without any call");
        assertThrows(IllegalStateException.class, outage::admit);
        assertEquals(1, trials.get(), "a second trial waits for the first");

        trial.get().completeExceptionally(new IllegalStateException("still down"));
        ManagedThreads.until(() -> trials.get() == 2, "the next trial after a failed one");
        assertTrue(outage.open());

        trial.get().complete(null);
        ManagedThreads.until(() -> !outage.open(), "the trial's answer closing it");
        assertDoesNotThrow(outage::admit);
        outage.close();
    }

    @Test
    void aCallThatTimedOutOpensItOnlyWhenATrialSentAtOnceIsNotAnsweredEither() {
        Outage outage = outage(Duration.ofHours(1));
        outage.failed(new HttpTimeoutException("request timed out"));
        ManagedThreads.until(() -> trials.get() == 1, "a trial at once, not an interval later");
        assertDoesNotThrow(outage::admit, "calls go through while the trial decides");
        trial.get().complete(null);
        assertFalse(outage.open(), "a service whose root answers was only slow for that call");

        outage.failed(new HttpTimeoutException("request timed out"));
        ManagedThreads.until(() -> trials.get() == 2, "a trial for the next call that timed out");
        trial.get().completeExceptionally(new IllegalStateException("no answer"));
        IllegalStateException refused = assertThrows(IllegalStateException.class, outage::admit);
        assertTrue(refused.getMessage().contains("request timed out; a trial got no answer either"), refused.getMessage());
        outage.close();
    }

    @Test
    void aCallThatCouldNotConnectOpensItAtOnce() {
        Outage outage = outage(Duration.ofHours(1));
        outage.failed(new HttpConnectTimeoutException("HTTP connect timed out"));
        assertTrue(outage.open());
        outage.answered();
        outage.failed(new ConnectException("Connection refused"));
        assertThrows(IllegalStateException.class, outage::admit);
        assertEquals(0, trials.get(), "the first trial comes an interval later");
        outage.close();
    }
}
