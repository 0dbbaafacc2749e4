package io.moe.infrastructure.redis;

import io.moe.application.limits.InFlightRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * In-flight requests as one Redis sorted set per user ({@code moe:inflight:<user>}, member = request id,
 * score = when its lease was last taken or renewed). Places are taken and given back by {@link RedisAdmissionCounters}.
 */
@ApplicationScoped
public class RedisInFlightRequests implements InFlightRequests {

    /** A place not renewed for this long no longer counts. */
    static final Duration STALE_AFTER = LEASE;

    @Inject
    RedisStore redis;

    Clock clock = Clock.systemUTC();

    @Override
    public void renew(String userId, String requestId) {
        redis.eval("if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[2]) == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end return 1",
                List.of(key(userId)), List.of(String.valueOf(clock.millis()), requestId, String.valueOf(STALE_AFTER.toSeconds())));
    }

    @Override
    public int running(String userId) {
        Object count = redis.eval("return redis.call('ZCOUNT', KEYS[1], ARGV[1], '+inf')", List.of(key(userId)),
                List.of(String.valueOf(clock.millis() - STALE_AFTER.toMillis())));
        return count instanceof Long n ? n.intValue() : 0;
    }

    static String key(String userId) {
        return "moe:inflight:" + userId;
    }
}
