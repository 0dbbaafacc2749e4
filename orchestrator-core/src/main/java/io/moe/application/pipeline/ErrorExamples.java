package io.moe.application.pipeline;

import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Ids;
import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Numeric corrections from negative feedback, shown to a category's experts as examples of mistakes not
 * to repeat (the newest two a user may see). They are tenant-safe (DESIGN §8): a correction starts
 * <em>pending</em> and reaches only the prompts of the user who wrote it; once an admin approves it, it
 * reaches every user's prompts; an admin may also delete it. Each user keeps at most
 * {@code moe.learning.pending-corrections-per-user} pending corrections (the oldest go first).
 *
 * <p>Kept in Redis: a hash per correction, the pending and approved ids by time (for the admin list),
 * and per category the newest ids of each user's pending corrections and of the approved ones (for the
 * prompts). Writes are atomic scripts. Reading for a prompt fails soft (no examples); the admin
 * operations fail with the exception.
 */
@ApplicationScoped
public class ErrorExamples {

    public static final String PENDING = "pending";
    public static final String APPROVED = "approved";
    static final int KEEP = 20;
    static final int SHOWN = 2;
    private static final String PREFIX = "moe:correction:";
    private static final String PENDING_ALL = "moe:corrections:pending";
    private static final String APPROVED_ALL = "moe:corrections:approved";
    private static final String PENDING_OF_USER = "moe:corrections:pending-of:";
    private static final String MINE = "moe:corrections:mine:";
    private static final String SHARED = "moe:corrections:shared:";
    private static final String SEPARATOR = "\n";
    private static final Logger LOG = Logger.getLogger(ErrorExamples.class.getName());

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

    /** Pending corrections one user may have; older ones are dropped when more come. */
    @Inject
    @ConfigProperty(name = "moe.learning.pending-corrections-per-user")
    int pendingPerUser;

    /** A stored correction as the admin API shows it. */
    public record Correction(String id, String userId, List<String> categories, String example, String status,
                             String created, long createdMillis) {
    }

    /** Stores a pending correction of {@code userId} for the categories; returns its id. */
    public String add(String userId, Set<String> categories, String example) {
        String id = Ids.newId();
        OffsetDateTime now = Ids.nowUtc();
        List<String> keys = new ArrayList<>(List.of(PREFIX + id, PENDING_ALL, PENDING_OF_USER + userId));
        categories.forEach(c -> keys.add(MINE + userId + ":" + c));
        redis.eval(ADD, keys, List.of(id, userId, String.join(SEPARATOR, categories), example, Ids.iso(now),
                String.valueOf(now.toInstant().toEpochMilli()), String.valueOf(KEEP), String.valueOf(Math.max(1, pendingPerUser)),
                PREFIX));
        return id;
    }

    /**
     * The newest corrections the caller's experts see for the category: the caller's own pending ones and
     * the approved ones, at most two. Empty when Redis cannot be asked.
     */
    public List<String> recent(Caller caller, String category) {
        try {
            Set<String> ids = new LinkedHashSet<>();
            if (caller != null) {
                ids.addAll(redis.newest(MINE + caller.userId() + ":" + category, SHOWN));
            }
            ids.addAll(redis.newest(SHARED + category, SHOWN));
            return ids.stream().map(this::find).flatMap(Optional::stream)
                    .filter(c -> APPROVED.equals(c.status())
                            || (caller != null && PENDING.equals(c.status()) && caller.userId().equals(c.userId())))
                    .sorted(Comparator.comparingLong(Correction::createdMillis).reversed())
                    .limit(SHOWN).map(Correction::example).toList();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "error examples unavailable", e);
            return List.of();
        }
    }

    /** The newest corrections of a status ({@link #PENDING} or {@link #APPROVED}), at most {@code limit}. */
    public List<Correction> list(String status, int limit) {
        String key = APPROVED.equals(status) ? APPROVED_ALL : PENDING_ALL;
        return redis.top(key, limit).stream().map(e -> find(e.getKey())).flatMap(Optional::stream).toList();
    }

    public Optional<Correction> find(String id) {
        Map<String, String> h = redis.hash(PREFIX + id);
        if (h.isEmpty() || h.get("example") == null) {
            return Optional.empty();
        }
        return Optional.of(new Correction(id, h.get("user_id"), List.of(h.getOrDefault("categories", "").split(SEPARATOR)),
                h.get("example"), h.get("status"), h.get("created"), Long.parseLong(h.getOrDefault("created_ms", "0"))));
    }

    /** Makes a correction visible to every user's experts; empty when there is no such correction. */
    public Optional<Correction> approve(String id) {
        Object done = redis.eval(APPROVE, List.of(PREFIX + id, PENDING_ALL, APPROVED_ALL),
                List.of(id, String.valueOf(KEEP), SHARED, PENDING_OF_USER, MINE));
        return Long.valueOf(1).equals(done) ? find(id) : Optional.empty();
    }

    /** Removes a correction from every prompt and list; false when there is no such correction. */
    public boolean delete(String id) {
        Object done = redis.eval(DELETE, List.of(PREFIX + id, PENDING_ALL, APPROVED_ALL), List.of(id, SHARED, PENDING_OF_USER, MINE));
        return Long.valueOf(1).equals(done);
    }
}
