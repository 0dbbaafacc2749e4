package io.moe.application.events;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The failed attempts of answers whose ingest failed for a passing reason (the judge's server or the graph down): the
 * wait before the next attempt, doubling from {@code firstWait} up to {@code longestWait}, and the attempt after which
 * the answer is given up. Remembers the latest {@value #REMEMBERED} answers; used by the one ingest thread.
 */
final class IngestRetries {

    static final int REMEMBERED = 100;

    private final int maxAttempts;
    private final Duration firstWait;
    private final Duration longestWait;
    private final Map<String, Integer> failures = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > REMEMBERED;
        }
    };

    IngestRetries(int maxAttempts, Duration firstWait, Duration longestWait) {
        this.maxAttempts = maxAttempts;
        this.firstWait = firstWait;
        this.longestWait = longestWait;
    }

    /** Counts a failed attempt: the wait before the next one, or empty when that was the last attempt allowed. */
    Optional<Duration> failed(String responseId) {
        int attempts = failures.merge(responseId, 1, Integer::sum);
        if (attempts >= maxAttempts) {
            failures.remove(responseId);
            return Optional.empty();
        }
        Duration wait = firstWait.multipliedBy(1L << Math.min(attempts - 1, 20));
        return Optional.of(wait.compareTo(longestWait) > 0 ? longestWait : wait);
    }

    /** The number of the attempt about to be made for the answer (1 for the first). */
    int attempt(String responseId) {
        return failures.getOrDefault(responseId, 0) + 1;
    }

    void succeeded(String responseId) {
        failures.remove(responseId);
    }

    int maxAttempts() {
        return maxAttempts;
    }
}
