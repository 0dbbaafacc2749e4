package io.moe.application.spend;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Token budgets on shared Redis counters: daily (reset 00:00 UTC, kept 48 h), monthly (reset on the
 * 1st, UTC, kept 35 days) and total (kept forever). A request first reserves an estimate of its
 * tokens with one atomic script that refuses it when any counter is already at or above its limit;
 * afterwards the reservation is settled to the real usage. Concurrent requests therefore overspend
 * a limit by at most one request's tokens.
 */
@ApplicationScoped
public class SpendControl {

    static final Duration DAILY_TTL = Duration.ofHours(48);
    static final Duration MONTHLY_TTL = Duration.ofDays(35);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM").withZone(ZoneOffset.UTC);

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
    static final String SETTLE = """
            for i = 1, #KEYS do
              if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('INCRBY', KEYS[i], ARGV[1]) end
            end
            return 0
            """;
    private static final String[] TYPES = {"daily", "monthly", "total"};
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(SpendControl.class.getName());

    @Inject
    RedisStore redis;

    Clock clock = Clock.systemUTC();

    /** A reservation to settle once the request's real usage is known. */
    public record Reservation(List<String> counters, long reserved) {
    }

    /**
     * Reserves {@code estimate} tokens for {@code caller}, or throws {@link BudgetExceededException}. When
     * Redis cannot be reached, a caller without limits goes on uncounted (logged), and a caller with a
     * limit is refused with {@link BudgetUnavailableException}: limits are never silently skipped.
     */
    public Reservation reserve(Caller caller, long estimate) {
        try {
            return reserveOrThrow(caller, estimate);
        } catch (BudgetExceededException e) {
            throw e;
        } catch (RuntimeException e) {
            if (caller.limits().unlimited()) {
                LOG.warning(() -> "Token counters unavailable, not counting a request of " + caller.userId() + ": " + e.getMessage());
                return new Reservation(List.of(), 0);
            }
            throw new BudgetUnavailableException(e);
        }
    }

    private Reservation reserveOrThrow(Caller caller, long estimate) {
        List<String> keys = counters(caller.userId());
        Limits l = caller.limits();
        Long[] limits = {l.daily(), l.monthly(), l.total()};
        List<String> args = new ArrayList<>();
        args.add(String.valueOf(estimate));
        for (Long limit : limits) {
            args.add(String.valueOf(limit == null ? -1 : limit));
        }
        args.add(String.valueOf(DAILY_TTL.toSeconds()));
        args.add(String.valueOf(MONTHLY_TTL.toSeconds()));
        args.add("-1");
        List<?> result = (List<?>) redis.eval(RESERVE, keys, args);
        int refused = ((Long) result.get(0)).intValue();
        if (refused > 0) {
            throw new BudgetExceededException(TYPES[refused - 1], (Long) result.get(1), (Long) result.get(2), estimate);
        }
        return new Reservation(keys, estimate);
    }

    /** Corrects the counters from the reserved estimate to {@code actualTokens}. */
    public void settle(Reservation reservation, long actualTokens) {
        long delta = actualTokens - reservation.reserved();
        if (delta != 0 && !reservation.counters().isEmpty()) {
            try {
                redis.eval(SETTLE, reservation.counters(), List.of(String.valueOf(delta)));
            } catch (RuntimeException e) {
                LOG.warning(() -> "Token counters unavailable, could not settle " + delta + " tokens: " + e.getMessage());
            }
        }
    }

    /** The user's current counters: daily, monthly, total. */
    public long[] used(String userId) {
        List<String> keys = counters(userId);
        long[] used = new long[3];
        for (int i = 0; i < 3; i++) {
            used[i] = redis.get(keys.get(i)).map(Long::parseLong).orElse(0L);
        }
        return used;
    }

    List<String> counters(String userId) {
        var now = clock.instant();
        return List.of("moe:usage:" + userId + ":d:" + DAY.format(now), "moe:usage:" + userId + ":m:" + MONTH.format(now),
                "moe:usage:" + userId + ":t");
    }
}
