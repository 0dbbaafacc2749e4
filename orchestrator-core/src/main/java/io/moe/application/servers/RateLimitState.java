package io.moe.application.servers;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The rate-limit state an inference server last reported in its response headers
 * ({@code x-ratelimit-limit-requests}, {@code -remaining-requests}, {@code -limit-tokens}, {@code -remaining-tokens},
 * {@code -reset-requests}, {@code -reset-tokens}, and {@code Retry-After} on a 429), when it was seen, and the
 * status of that response. Values the server did not send are absent.
 */
public record RateLimitState(Map<String, String> values, int status, Instant observedAt) {

    /** The header names read, as the fields they become. */
    public static final Map<String, String> HEADERS = headers();

    public RateLimitState {
        values = Map.copyOf(values);
    }

    public Optional<String> value(String field) {
        return Optional.ofNullable(values.get(field));
    }

    private static Map<String, String> headers() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("x-ratelimit-limit-requests", "limit_requests");
        h.put("x-ratelimit-remaining-requests", "remaining_requests");
        h.put("x-ratelimit-limit-tokens", "limit_tokens");
        h.put("x-ratelimit-remaining-tokens", "remaining_tokens");
        h.put("x-ratelimit-reset-requests", "reset_requests");
        h.put("x-ratelimit-reset-tokens", "reset_tokens");
        h.put("retry-after", "retry_after");
        return Map.copyOf(h);
    }
}
