package io.moe.infrastructure.redis;

import io.moe.application.spend.AdmissionCounters;
import io.moe.application.spend.BudgetCounters;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.UsageEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Admission as one Lua script each way over the keys of {@link RedisInFlightRequests} (the user's sorted set of places)
 * and {@link RedisBudgetCounters} (the user's day, month and total counters). Admitting drops places whose lease ran out,
 * checks the place count and then every limit, and only when all pass adds the place and the tokens; so concurrent
 * requests of one user on several nodes can slip neither under the concurrency limit nor past a token limit together.
 * Releasing settles the counters and adds the request's usage row to the {@link RedisUsageJournal} in the same script,
 * so the counters and the journaled rows always agree.
 */
@ApplicationScoped
public class RedisAdmissionCounters implements AdmissionCounters {

    /**
     * KEYS[1] = places, KEYS[2..4] = counters. ARGV: stale-after millis, place limit, request id, places ttl seconds,
     * tokens (a whole number), then the limit per counter (-1 none), then the ttl seconds per counter (-1 none).
     * Answers {-1, 0, 0} when no place is free, {i, used, limit} when counter i is at its limit or would pass it (a request
 * reserving nothing, on a server whose cost_factor is 0, is refused too once the counter is at it), {0, 0, 0} when
     * admitted. A place's score is Redis's own time ({@link RedisInFlightRequests#NOW}), so nodes whose clocks differ
     * agree on which places are stale. The tokens go to INCRBY as the string they came as: a Lua number would be sent
     * as a double (1e+17), which INCRBY refuses. The place is taken last, so a script that fails on the way takes none.
     */
    static final String ADMIT = RedisInFlightRequests.NOW + """
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.0f', now - tonumber(ARGV[1])))
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return {-1, 0, 0} end
            local tokens = tonumber(ARGV[5])
            for i = 2, #KEYS do
              local limit = tonumber(ARGV[4 + i])
              if limit >= 0 then
                local used = tonumber(redis.call('GET', KEYS[i]) or '0')
                if used >= limit or used + tokens > limit then return {i - 1, used, limit} end
              end
            end
            for i = 2, #KEYS do
              redis.call('INCRBY', KEYS[i], ARGV[5])
              local ttl = tonumber(ARGV[7 + i])
              if ttl > 0 then redis.call('EXPIRE', KEYS[i], ttl) end
            end
            redis.call('ZADD', KEYS[1], string.format('%.0f', now), ARGV[3])
            redis.call('EXPIRE', KEYS[1], ARGV[4])
            return {0, 0, 0}
            """;
    /**
     * KEYS: the user's places, the usage journal, the three counters; ARGV: request id, tokens to add, the usage row,
     * the journal's limit. A counter that expired meanwhile is not started again. Returns 1 when the row was journaled,
     * 0 when the journal was full.
     */
    static final String RELEASE = """
            redis.call('ZREM', KEYS[1], ARGV[1])
            if tonumber(ARGV[2]) ~= 0 then
              for i = 3, #KEYS do
                if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('INCRBY', KEYS[i], ARGV[2]) end
              end
            end
            if redis.call('XLEN', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
            redis.call('XADD', KEYS[2], '*', 'row', ARGV[3])
            return 1
            """;

    /** KEYS[1] = places, KEYS[2..4] = counters; ARGV: request id, tokens. 1 when the place was there and is undone. */
    static final String WITHDRAW = """
            if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
            redis.call('ZREM', KEYS[1], ARGV[1])
            for i = 2, #KEYS do
              if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECRBY', KEYS[i], ARGV[2]) end
            end
            return 1
            """;

    @Inject
    RedisStore redis;

    /** The stream of the usage journal (another in tests). */
    String journal = RedisUsageJournal.STREAM;
    long journalLimit = RedisUsageJournal.LIMIT;

    @Override
    public Decision admit(String userId, String requestId, int concurrentLimit, Instant at, Limits limits, long tokens) {
        List<String> args = new ArrayList<>(11);
        args.add(String.valueOf(RedisInFlightRequests.STALE_AFTER.toMillis()));
        args.add(String.valueOf(concurrentLimit));
        args.add(requestId);
        args.add(String.valueOf(RedisInFlightRequests.STALE_AFTER.toSeconds()));
        args.add(String.valueOf(tokens));
        for (Long limit : new Long[] {limits.daily(), limits.monthly(), limits.total()}) {
            args.add(String.valueOf(limit == null ? -1 : limit));
        }
        args.add(String.valueOf(RedisBudgetCounters.DAILY_TTL.toSeconds()));
        args.add(String.valueOf(RedisBudgetCounters.MONTHLY_TTL.toSeconds()));
        args.add("-1");
        List<?> result = (List<?>) redis.eval(ADMIT, keys(userId, at), args);
        int refused = ((Long) result.get(0)).intValue();
        if (refused < 0) {
            return Decision.BUSY;
        }
        return refused == 0 ? Decision.ADMITTED : new Decision(false,
                new BudgetCounters.Refusal(RedisBudgetCounters.TYPES[refused - 1], (Long) result.get(1), (Long) result.get(2)));
    }

    @Override
    public boolean release(String userId, String requestId, Instant at, long delta, UsageEntry row) {
        List<String> keys = new ArrayList<>(5);
        keys.add(RedisInFlightRequests.key(userId));
        keys.add(journal);
        keys.addAll(RedisBudgetCounters.keys(userId, at));
        Object journaled = redis.eval(RELEASE, keys, List.of(requestId, String.valueOf(delta), UsageRowJson.write(row),
                String.valueOf(journalLimit)));
        return Long.valueOf(1).equals(journaled);
    }

    @Override
    public boolean withdraw(String userId, String requestId, Instant at, long tokens) {
        return Long.valueOf(1).equals(redis.eval(WITHDRAW, keys(userId, at), List.of(requestId, String.valueOf(tokens))));
    }

    private static List<String> keys(String userId, Instant at) {
        List<String> keys = new ArrayList<>(4);
        keys.add(RedisInFlightRequests.key(userId));
        keys.addAll(RedisBudgetCounters.keys(userId, at));
        return keys;
    }
}
