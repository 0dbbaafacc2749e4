package io.moe.infrastructure.redis;

import jakarta.inject.Inject;

import java.time.Duration;

/**
 * Keys that only say that something is so ({@code <prefix><id>}, holding {@code 1}), each kept for a while: the
 * adapters whose port asks "was this seen?" extend it.
 */
abstract class RedisMarks {

    @Inject
    RedisStore redis;

    private final String prefix;
    private final Duration kept;

    RedisMarks(String prefix, Duration kept) {
        this.prefix = prefix;
        this.kept = kept;
    }

    boolean marked(String id) {
        return redis.get(prefix + id).isPresent();
    }

    void mark(String id) {
        redis.put(prefix + id, "1", kept);
    }
}
