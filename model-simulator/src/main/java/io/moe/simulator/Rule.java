package io.moe.simulator;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One scripted behaviour: when a request matches (model, role, category, text contained in the user
 * messages; all optional), do the action (fixed content, confidence, latency, the pace of a stream's
 * first and following chunks, or a fault), at most {@code times} times.
 */
record Rule(String id, String model, String role, String category, String contains, AtomicInteger remaining,
            String content, String confidence, long latencyMs, long firstTokenDelayMs, long chunkDelayMs, String fault, int retryAfter) {

    static final Set<String> FAULTS = Set.of("http_429", "http_429_no_retry_after", "http_500", "http_502", "http_503", "http_404",
            "http_400_context",
            "reset", "no_response", "stream_cut", "stall", "malformed_chunk", "missing_done");
    /** The three levels of the confidence protocol, and "none" for an answer without the line. */
    static final Set<String> CONFIDENCES = Set.of("hoch", "mittel", "niedrig", "none");

    static Rule of(String id, JsonObject body) {
        JsonObject match = body.getJsonObject("match") == null ? JsonObject.EMPTY_JSON_OBJECT : body.getJsonObject("match");
        JsonObject action = body.getJsonObject("action") == null ? JsonObject.EMPTY_JSON_OBJECT : body.getJsonObject("action");
        String fault = action.getString("fault", null);
        if (fault != null && !FAULTS.contains(fault)) {
            throw new IllegalArgumentException("unknown fault '" + fault + "'; one of " + FAULTS);
        }
        String confidence = action.getString("confidence", null);
        if (confidence != null && !CONFIDENCES.contains(confidence)) {
            throw new IllegalArgumentException("confidence must be one of " + CONFIDENCES);
        }
        JsonNumber times = body.getJsonNumber("times");
        return new Rule(id, match.getString("model", null), lower(match.getString("role", null)),
                match.getString("category", null), match.getString("contains", null),
                new AtomicInteger(times == null ? Integer.MAX_VALUE : times.intValue()),
                action.getString("content", null), confidence, number(action, "latency_ms"),
                number(action, "first_token_delay_ms"), number(action, "chunk_delay_ms"), fault, (int) number(action, "retry_after", 1));
    }

    boolean matches(SimRequest request, Role role, String category) {
        return (model == null || model.equals(request.model()))
                && (this.role == null || this.role.equals(role.wireName()))
                && (this.category == null || this.category.equals(category))
                && (contains == null || request.allUserText().contains(contains));
    }

    /** Takes one use of this rule; false when it is used up. */
    boolean consume() {
        return remaining.getAndUpdate(n -> n == Integer.MAX_VALUE ? n : Math.max(0, n - 1)) > 0;
    }

    private static long number(JsonObject o, String key) {
        return number(o, key, 0);
    }

    private static long number(JsonObject o, String key, long fallback) {
        JsonNumber n = o.getJsonNumber(key);
        return n == null ? fallback : n.longValue();
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }
}
