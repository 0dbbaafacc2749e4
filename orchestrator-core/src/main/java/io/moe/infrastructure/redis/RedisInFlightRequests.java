package io.moe.infrastructure.redis;

import io.moe.application.limits.InFlightRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;

/**
 * In-flight requests as one Redis sorted set per user ({@code moe:inflight:<user>}, member = request id,
 * score = when its lease was last taken or renewed, in Redis's own time: every node measures staleness by the same
 * clock, so a node whose clock runs behind cannot make its places look stale to the others). Places are taken and
 * given back by {@link RedisAdmissionCounters}.
 */
@ApplicationScoped
public class RedisInFlightRequests implements InFlightRequests {

    /** A place not renewed for this long no longer counts. */
    static final Duration STALE_AFTER = LEASE;

    /** Lua: {@code now}, Redis's time in milliseconds. */
    static final String NOW = """
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            """;

    @Inject
    RedisStore redis;

    @Override
    public boolean renew(String userId, String requestId) {
        return Long.valueOf(1).equals(redis.eval(NOW + "if redis.call('ZADD', KEYS[1], 'XX', 'CH', string.format('%.0f', now), ARGV[1]) == 1 then "
                        + "redis.call('EXPIRE', KEYS[1], ARGV[2]) return 1 end return 0",
                List.of(key(userId)), List.of(requestId, String.valueOf(STALE_AFTER.toSeconds()))));
    }

    @Override
    public void restore(String userId, String requestId) {
        redis.eval(NOW + "redis.call('ZADD', KEYS[1], string.format('%.0f', now), ARGV[1]) redis.call('EXPIRE', KEYS[1], ARGV[2]) return 1",
                List.of(key(userId)), List.of(requestId, String.valueOf(STALE_AFTER.toSeconds())));
    }

    @Override
    public void forget(String userId, String requestId) {
        redis.eval("return redis.call('ZREM', KEYS[1], ARGV[1])", List.of(key(userId)), List.of(requestId));
    }

    @Override
    public int running(String userId) {
        Object count = redis.eval(NOW + "return redis.call('ZCOUNT', KEYS[1], string.format('%.0f', now - tonumber(ARGV[1])), '+inf')",
                List.of(key(userId)), List.of(String.valueOf(STALE_AFTER.toMillis())));
        return count instanceof Long n ? n.intValue() : 0;
    }

    static String key(String userId) {
        return "moe:inflight:" + userId;
    }
}
