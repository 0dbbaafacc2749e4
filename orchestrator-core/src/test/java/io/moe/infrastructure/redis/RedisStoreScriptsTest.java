package io.moe.infrastructure.redis;

import io.moe.devservices.TestStores;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lua scripts against a real Redis: sent by their SHA-1 once Redis knows them, as their text when it does not (a new or
 * restarted Redis, SCRIPT FLUSH) — the answer is the same either way, and a script's own error is not retried.
 */
class RedisStoreScriptsTest {

    private static final Pattern CALLS = Pattern.compile("calls=(\\d+)");

    @Test
    void aScriptRedisForgotIsSentAgainAndThenCalledByItsDigest() {
        String script = "-- " + UUID.randomUUID() + "\nreturn ARGV[1] .. KEYS[1]";
        try (RedisStore store = new RedisStore(TestStores.shared().redisUrl());
             Jedis admin = new Jedis(java.net.URI.create(TestStores.shared().redisUrl()))) {
            admin.scriptFlush();
            assertEquals("a-b", store.eval(script, List.of("-b"), List.of("a")), "unknown to Redis: sent as text");

            long evalsBefore = calls(admin, "eval");
            long digestCallsBefore = calls(admin, "evalsha");
            assertEquals("c-d", store.eval(script, List.of("-d"), List.of("c")));
            assertEquals(evalsBefore, calls(admin, "eval"), "known to Redis: the text is not sent again");
            assertEquals(digestCallsBefore + 1, calls(admin, "evalsha"));
        }
    }

    @Test
    void aScriptsOwnErrorIsNotRetried() {
        try (RedisStore store = new RedisStore(TestStores.shared().redisUrl())) {
            JedisDataException e = assertThrows(JedisDataException.class,
                    () -> store.eval("return redis.error_reply('NOSCRIPTISH refused')", List.of(), List.of()));
            assertTrue(e.getMessage().startsWith("NOSCRIPTISH"), e.getMessage());
        }
    }

    /** How often Redis ran {@code command} since it started (INFO commandstats). */
    private static long calls(Jedis admin, String command) {
        for (String line : admin.info("commandstats").split("\r?\n")) {
            if (line.startsWith("cmdstat_" + command + ":")) {
                Matcher m = CALLS.matcher(line);
                return m.find() ? Long.parseLong(m.group(1)) : 0;
            }
        }
        return 0;
    }
}
