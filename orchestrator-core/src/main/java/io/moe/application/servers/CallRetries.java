package io.moe.application.servers;

import io.moe.infrastructure.llm.InferenceException;

import java.time.Duration;

/**
 * What a call to an inference server does after a failure, where it is safe and cheap (pipeline model calls and
 * native pass-through alike; pass-through has no other server to fail over to):
 * <ul>
 *   <li>once more on the same server after a moment, when the server said it is busy or broke down before it
 *       could work on the call (429 — after its {@code Retry-After} when that is at most {@link #MAX_WAIT} —,
 *       500, 502, 503, connection refused or reset);</li>
 *   <li>on another server serving the same model, when the same server failed again, does not know the model
 *       (404), or its breaker is open (then at once: no call went out);</li>
 *   <li>nothing more after a timeout (that would double the wait the client already had) or when the server
 *       refused the call itself (400 and the other 4xx: another server would refuse it too).</li>
 * </ul>
 */
public final class CallRetries {

    /** Calls on the same server, the first included. */
    public static final int SAME_SERVER_ATTEMPTS = 2;
    static final Duration MAX_WAIT = Duration.ofSeconds(2);
    static final Duration PAUSE = Duration.ofMillis(200);

    /** The next step after a failed attempt. */
    public enum Step { RETRY_SAME_SERVER, FAIL_OVER, GIVE_UP }

    private CallRetries() {
    }

    /** The step after {@code failure} of attempt {@code attempt} (1 = the first) on one server. */
    public static Step after(RuntimeException failure, int attempt) {
        if (!(failure instanceof InferenceException e) || e.timedOut()) {
            return Step.GIVE_UP;
        }
        if (e.circuitOpen()) {
            return Step.FAIL_OVER;
        }
        return after(e.upstreamStatus(), e.retryAfterSeconds(), attempt);
    }

    /** The step after an answer with HTTP {@code status} (0: no answer) and its {@code Retry-After} (-1: none). */
    public static Step after(int status, long retryAfterSeconds, int attempt) {
        boolean transientFailure = status == 0 || status == 429 || status == 500 || status == 502 || status == 503;
        if (transientFailure && attempt < SAME_SERVER_ATTEMPTS && !tooLongToWait(retryAfterSeconds)) {
            return Step.RETRY_SAME_SERVER;
        }
        return transientFailure || status == 404 ? Step.FAIL_OVER : Step.GIVE_UP;
    }

    /** How long to wait before the same server is asked again: its {@code Retry-After}, else a short pause. */
    public static Duration pauseBefore(RuntimeException failure) {
        return pauseBefore(failure instanceof InferenceException e ? e.retryAfterSeconds() : -1);
    }

    public static Duration pauseBefore(long retryAfterSeconds) {
        return retryAfterSeconds >= 0 ? Duration.ofSeconds(retryAfterSeconds) : PAUSE;
    }

    private static boolean tooLongToWait(long retryAfterSeconds) {
        return Duration.ofSeconds(retryAfterSeconds).compareTo(MAX_WAIT) > 0;
    }

    /** How the trace names a failure: the status, a timeout, or the server not answering. */
    public static String reason(RuntimeException failure) {
        if (failure instanceof InferenceException e) {
            return e.timedOut() ? "timeout" : e.circuitOpen() ? "circuit_open" : e.upstreamStatus() == 0 ? "no_answer" : "http_" + e.upstreamStatus();
        }
        return failure.getClass().getSimpleName();
    }
}
