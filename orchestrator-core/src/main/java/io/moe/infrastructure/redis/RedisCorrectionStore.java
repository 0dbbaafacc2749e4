package io.moe.infrastructure.redis;

import io.moe.application.pipeline.experts.CorrectionStore;
import io.moe.application.pipeline.experts.ErrorExamples;
import io.moe.application.pipeline.experts.ErrorExamples.Correction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Corrections in Redis: a hash per correction ({@code moe:correction:<id>}), the pending and approved ids
 * in sorted sets by creation time ({@code moe:corrections:pending|approved}), each user's pending ids
 * ({@code moe:corrections:pending-of:<user>}), and per category capped lists of the newest ids of each
 * user ({@code moe:corrections:mine:<user>:<category>}) and of the approved ones
 * ({@code moe:corrections:shared:<category>}). Every change is one Lua script.
 */
@ApplicationScoped
public class RedisCorrectionStore implements CorrectionStore {

    /** Ids kept per category list. */
    static final int KEEP = 20;
    private static final String PREFIX = "moe:correction:";
    private static final String PENDING_ALL = "moe:corrections:pending";
    private static final String APPROVED_ALL = "moe:corrections:approved";
    private static final String PENDING_OF_USER = "moe:corrections:pending-of:";
    private static final String MINE = "moe:corrections:mine:";
    private static final String SHARED = "moe:corrections:shared:";
    private static final String SEPARATOR = "\n";

    /** KEYS: hash, all pending, the user's pending, then the user's list per category. ARGV: see {@link #add}. */
    private static final String ADD = """
            redis.call('HSET', KEYS[1], 'id', ARGV[1], 'user_id', ARGV[2], 'categories', ARGV[3], 'example', ARGV[4],
                       'status', 'pending', 'created', ARGV[5], 'created_ms', ARGV[6])
            redis.call('ZADD', KEYS[2], ARGV[6], ARGV[1])
            redis.call('ZADD', KEYS[3], ARGV[6], ARGV[1])
            for i = 4, #KEYS do
              redis.call('LPUSH', KEYS[i], ARGV[1])
              redis.call('LTRIM', KEYS[i], 0, tonumber(ARGV[7]) - 1)
            end
            local over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[8])
            if over > 0 then
              for _, old in ipairs(redis.call('ZRANGE', KEYS[3], 0, over - 1)) do
                redis.call('DEL', ARGV[9] .. old)
                redis.call('ZREM', KEYS[2], old)
                redis.call('ZREM', KEYS[3], old)
              end
            end
            return 1""";
    /** KEYS: hash, all pending, all approved. ARGV: id, kept per category, shared prefix, pending-of prefix, mine prefix. */
    private static final String APPROVE = """
            if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
            if redis.call('HGET', KEYS[1], 'status') == 'approved' then return 1 end
            local user = redis.call('HGET', KEYS[1], 'user_id')
            redis.call('HSET', KEYS[1], 'status', 'approved')
            redis.call('ZREM', KEYS[2], ARGV[1])
            redis.call('ZADD', KEYS[3], redis.call('HGET', KEYS[1], 'created_ms'), ARGV[1])
            redis.call('ZREM', ARGV[4] .. user, ARGV[1])
            for category in string.gmatch(redis.call('HGET', KEYS[1], 'categories'), '[^\\n]+') do
              redis.call('LREM', ARGV[5] .. user .. ':' .. category, 0, ARGV[1])
              redis.call('LPUSH', ARGV[3] .. category, ARGV[1])
              redis.call('LTRIM', ARGV[3] .. category, 0, tonumber(ARGV[2]) - 1)
            end
            return 1""";
    /** KEYS: hash, all pending, all approved. ARGV: id, shared prefix, pending-of prefix, mine prefix. */
    private static final String DELETE = """
            if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
            local user = redis.call('HGET', KEYS[1], 'user_id')
            for category in string.gmatch(redis.call('HGET', KEYS[1], 'categories'), '[^\\n]+') do
              redis.call('LREM', ARGV[4] .. user .. ':' .. category, 0, ARGV[1])
              redis.call('LREM', ARGV[2] .. category, 0, ARGV[1])
            end
            redis.call('ZREM', KEYS[2], ARGV[1])
            redis.call('ZREM', KEYS[3], ARGV[1])
            redis.call('ZREM', ARGV[3] .. user, ARGV[1])
            redis.call('DEL', KEYS[1])
            return 1""";

    @Inject
    RedisStore redis;

    @Override
    public void add(Correction c, int pendingPerUser) {
        List<String> keys = new ArrayList<>(List.of(PREFIX + c.id(), PENDING_ALL, PENDING_OF_USER + c.userId()));
        c.categories().forEach(category -> keys.add(MINE + c.userId() + ":" + category));
        redis.eval(ADD, keys, List.of(c.id(), c.userId(), String.join(SEPARATOR, c.categories()), c.example(), c.created(),
                String.valueOf(c.createdMillis()), String.valueOf(KEEP), String.valueOf(Math.max(1, pendingPerUser)), PREFIX));
    }

    @Override
    public List<String> newestOfUser(String userId, String category, int n) {
        return redis.newest(MINE + userId + ":" + category, n);
    }

    @Override
    public List<String> newestApproved(String category, int n) {
        return redis.newest(SHARED + category, n);
    }

    @Override
    public List<String> newestShownTo(String userId, String category, int n) {
        List<String> keys = userId == null ? List.of(SHARED + category) : List.of(MINE + userId + ":" + category, SHARED + category);
        return redis.newest(keys, n).stream().flatMap(List::stream).toList();
    }

    @Override
    public List<String> newest(String status, int n) {
        String key = ErrorExamples.APPROVED.equals(status) ? APPROVED_ALL : PENDING_ALL;
        return redis.top(key, n).stream().map(Map.Entry::getKey).toList();
    }

    @Override
    public Optional<Correction> find(String id) {
        Map<String, String> h = redis.hash(PREFIX + id);
        if (h.isEmpty() || h.get("example") == null) {
            return Optional.empty();
        }
        return Optional.of(new Correction(id, h.get("user_id"), List.of(h.getOrDefault("categories", "").split(SEPARATOR)),
                h.get("example"), h.get("status"), h.get("created"), Long.parseLong(h.getOrDefault("created_ms", "0"))));
    }

    @Override
    public boolean approve(String id) {
        Object done = redis.eval(APPROVE, List.of(PREFIX + id, PENDING_ALL, APPROVED_ALL),
                List.of(id, String.valueOf(KEEP), SHARED, PENDING_OF_USER, MINE));
        return Long.valueOf(1).equals(done);
    }

    @Override
    public boolean delete(String id) {
        Object done = redis.eval(DELETE, List.of(PREFIX + id, PENDING_ALL, APPROVED_ALL), List.of(id, SHARED, PENDING_OF_USER, MINE));
        return Long.valueOf(1).equals(done);
    }
}
