package io.moe.infrastructure.redis;

import io.moe.application.spend.BudgetCounters;
import io.moe.domain.identity.Limits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Budget counters as plain Redis counters: {@code moe:usage:<user>:d:<yyyyMMdd>} (kept 48 h),
 * {@code moe:usage:<user>:m:<yyyyMM>} (kept 35 days) and {@code moe:usage:<user>:t} (kept forever), dates
 * in UTC. A reservation is one Lua script that checks every limit before it adds to any counter.
 */
@ApplicationScoped
public class RedisBudgetCounters implements BudgetCounters {

    static final Duration DAILY_TTL = Duration.ofHours(48);
    static final Duration MONTHLY_TTL = Duration.ofDays(35);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM").withZone(ZoneOffset.UTC);
    private static final String[] TYPES = {"daily", "monthly", "total"};

    /** KEYS: counters; ARGV[1] = amount, ARGV[2..] = limit per key (-1 none), then ttl seconds per key (-1 none). */
    static final String RESERVE = """
            local n = #KEYS
            for i = 1, n do
              local limit = tonumber(ARGV[1 + i])
              if limit >= 0 then
                local used = tonumber(redis.call('GET', KEYS[i]) or '0')
                if used + tonumber(ARGV[1]) > limit then return {i, used, limit} end
              end
            end
            for i = 1, n do
              redis.call('INCRBY', KEYS[i], ARGV[1])
              local ttl = tonumber(ARGV[1 + n + i])
              if ttl > 0 then redis.call('EXPIRE', KEYS[i], ttl) end
            end
            return {0, 0, 0}
            """;
    /** KEYS: counters; ARGV[1] = amount. A counter that expired meanwhile is not started again. */
    static final String ADJUST = """
            for i = 1, #KEYS do
              if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('INCRBY', KEYS[i], ARGV[1]) end
            end
            return 0
            """;

    @Inject
    RedisStore redis;

    @Override
    public Optional<Refusal> reserve(String userId, Instant at, Limits limits, long tokens) {
        List<String> args = new ArrayList<>();
        args.add(String.valueOf(tokens));
        for (Long limit : new Long[] {limits.daily(), limits.monthly(), limits.total()}) {
            args.add(String.valueOf(limit == null ? -1 : limit));
        }
        args.add(String.valueOf(DAILY_TTL.toSeconds()));
        args.add(String.valueOf(MONTHLY_TTL.toSeconds()));
        args.add("-1");
        List<?> result = (List<?>) redis.eval(RESERVE, keys(userId, at), args);
        int refused = ((Long) result.get(0)).intValue();
        return refused == 0 ? Optional.empty()
                : Optional.of(new Refusal(TYPES[refused - 1], (Long) result.get(1), (Long) result.get(2)));
    }

    @Override
    public void adjust(String userId, Instant at, long delta) {
        redis.eval(ADJUST, keys(userId, at), List.of(String.valueOf(delta)));
    }

    @Override
    public long[] used(String userId, Instant at) {
        List<String> keys = keys(userId, at);
        long[] used = new long[keys.size()];
        for (int i = 0; i < used.length; i++) {
            used[i] = redis.get(keys.get(i)).map(Long::parseLong).orElse(0L);
        }
        return used;
    }

    static List<String> keys(String userId, Instant at) {
        String prefix = "moe:usage:" + userId;
        return List.of(prefix + ":d:" + DAY.format(at), prefix + ":m:" + MONTH.format(at), prefix + ":t");
    }
}
