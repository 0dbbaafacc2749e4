package io.moe.infrastructure.redis;

import java.util.ArrayList;
import java.util.List;

/**
 * Counts in a Redis sorted set that keeps at most a number of members: counting and dropping the least frequent
 * beyond the bound are one Lua script, so the set never grows past it, whatever the members are.
 */
final class BoundedCounts {

    /** KEYS[1] = set; ARGV: most members kept, then the members. Counts each, then drops the least frequent beyond the bound. */
    static final String COUNT = """
            for i = 2, #ARGV do redis.call('ZINCRBY', KEYS[1], 1, ARGV[i]) end
            local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[1])
            if over > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1) end
            return 0
            """;

    private BoundedCounts() {
    }

    static void count(RedisStore redis, String key, int keep, List<String> members) {
        List<String> args = new ArrayList<>(members.size() + 1);
        args.add(String.valueOf(keep));
        args.addAll(members);
        redis.eval(COUNT, List.of(key), args);
    }
}
