package io.moe.infrastructure.redis;

import io.moe.application.limits.InFlightRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * In-flight requests as one Redis sorted set per user ({@code moe:inflight:<user>}, member = request id,
 * score = when its lease was last taken or renewed). One script drops entries whose lease ran out, counts,
 * and adds, so concurrent requests of one user on several nodes cannot all slip under the limit.
 */
@ApplicationScoped
public class RedisInFlightRequests implements InFlightRequests {

    /** A place not renewed for this long no longer counts. */
    static final Duration STALE_AFTER = LEASE;

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
    public void renew(String userId, String requestId) {
        redis.eval("if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[2]) == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end return 1",
                List.of(key(userId)), List.of(String.valueOf(clock.millis()), requestId, String.valueOf(STALE_AFTER.toSeconds())));
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
