package io.moe.infrastructure.redis;

import io.moe.application.limits.InFlightRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * In-flight requests as one Redis sorted set per user ({@code moe:inflight:<user>}, member = request id,
 * score = start time). One script drops entries older than the longest a request can run, counts, and
 * adds, so concurrent requests of one user on several nodes cannot all slip under the limit.
 */
@ApplicationScoped
public class RedisInFlightRequests implements InFlightRequests {

    /** Longer than any request may run (several model-call timeouts); stale places are freed after it. */
    static final Duration STALE_AFTER = Duration.ofHours(2);

    /** KEYS[1] = set; ARGV: now millis, stale-before millis, limit, member, ttl seconds. */
    static final String ENTER = """
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
            redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
            redis.call('EXPIRE', KEYS[1], ARGV[5])
            return 1
            """;

    @Inject
    RedisStore redis;

    Clock clock = Clock.systemUTC();

    @Override
    public boolean tryEnter(String userId, String requestId, int limit) {
        long now = clock.millis();
        Object entered = redis.eval(ENTER, List.of(key(userId)), List.of(String.valueOf(now),
                String.valueOf(now - STALE_AFTER.toMillis()), String.valueOf(limit), requestId,
                String.valueOf(STALE_AFTER.toSeconds())));
        return Long.valueOf(1).equals(entered);
    }

    @Override
    public void leave(String userId, String requestId) {
        redis.eval("return redis.call('ZREM', KEYS[1], ARGV[1])", List.of(key(userId)), List.of(requestId));
    }

    @Override
    public int running(String userId) {
        Object count = redis.eval("return redis.call('ZCOUNT', KEYS[1], ARGV[1], '+inf')", List.of(key(userId)),
                List.of(String.valueOf(clock.millis() - STALE_AFTER.toMillis())));
        return count instanceof Long n ? n.intValue() : 0;
    }

    private static String key(String userId) {
        return "moe:inflight:" + userId;
    }
}
