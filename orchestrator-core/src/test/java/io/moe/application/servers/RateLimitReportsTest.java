package io.moe.application.servers;

import io.moe.application.ManagedThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Rate-limit reports reach the shared store once a second per server with the latest state, and a 429 at once. */
class RateLimitReportsTest {

    private final ScheduledExecutorService threads = Executors.newSingleThreadScheduledExecutor();
    private final List<String> written = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    private RateLimitReports reports() {
        RateLimitReports reports = new RateLimitReports();
        reports.limits = new ProviderLimits() {
            @Override
            public void observe(String server, RateLimitState state) {
                written.add(server + " " + state.status() + " " + state.values().get("remaining_requests"));
            }

            @Override
            public Optional<RateLimitState> latest(String server) {
                return Optional.empty();
            }
        };
        reports.scheduler = ManagedThreads.managed(threads);
        return reports;
    }

    private static RateLimitState state(int status, int remaining) {
        return new RateLimitState(Map.of("remaining_requests", String.valueOf(remaining)), status, Instant.now());
    }

    private void awaitWrites(int n) {
        ManagedThreads.until(() -> written.size() >= n, n + " writes (saw " + written + ")");
    }

    @Test
    void manyAnswersOfAServerWithinASecondAreWrittenOnceWithTheLatestState() {
        RateLimitReports reports = reports();
        for (int remaining = 100; remaining > 90; remaining--) {
            reports.observe("gpu1", state(200, remaining));
        }
        reports.observe("gpu2", state(200, 7));
        awaitWrites(2);
        assertEquals(List.of("gpu1 200 91", "gpu2 200 7"), written.stream().sorted().toList());

        reports.observe("gpu1", state(200, 90));
        awaitWrites(3);
        assertEquals("gpu1 200 90", written.get(2), "a later answer starts the next write");
    }

    @Test
    void aThrottledAnswerIsWrittenAtOnceAndReplacesWhatWaited() {
        RateLimitReports reports = reports();
        reports.observe("gpu1", state(200, 5));
        reports.observe("gpu1", state(429, 0));
        assertEquals(List.of("gpu1 429 0"), written, "written on the request's thread");
    }
}
