package io.moe.it.stores;

import io.moe.it.Health;
import io.moe.it.Http;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis frozen (SIGSTOP), as a hung store looks: chat requests of a user without limits are still answered, Redis's
 * circuit breaker opens (so later requests no longer wait for Redis; the monitoring API shows it open), /health says
 * Redis is down, and after SIGCONT everything recovers without a restart and the breaker closes.
 */
class RedisFrozenIT {

    /** The test stores' Redis writes its pid here (devservices' RedisStore). */
    static final java.nio.file.Path PID_FILE = java.nio.file.Path.of(System.getProperty("moe.it.data-dir", "target/it-data"), "redis", "redis.pid");

    static ProcessHandle redis() throws IOException {
        long pid = Long.parseLong(java.nio.file.Files.readString(PID_FILE).trim());
        return ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no Redis process " + pid + " (" + PID_FILE + ")"));
    }

    static void signal(ProcessHandle process, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal);
    }

    static HttpResponse<String> chat(String key, String text) {
        return Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator", text),
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
    }

    /** Redis's circuit breaker as {@code GET /api/monitoring/summary} shows it. */
    static JsonObject breaker() {
        return StoreBreakers.of("Redis");
    }

    @Test
    void requestsAreAnsweredWhileRedisIsFrozenAndEverythingRecoversAfterwards() throws Exception {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        assertEquals(200, chat(key, "Before the freeze").statusCode());
        JsonObject before = breaker();
        assertEquals("closed", before.getString("state"), before.toString());
        ProcessHandle redis = redis();
        signal(redis, "STOP");
        try {
            for (int i = 0; i < 8; i++) {
                HttpResponse<String> answer = chat(key, "While Redis is frozen " + i);
                assertEquals(200, answer.statusCode(), "answered without Redis: " + answer.body());
            }
            JsonObject open = breaker();
            assertEquals("open", open.getString("state"), "Redis's breaker is open while it does not answer: " + open);
            assertTrue(open.getInt("opened") > before.getInt("opened"), open.toString());
            String health = Health.await(h -> h.matches("(?s).*Redis[^,}\\]]*down.*"), "Redis reported down");
            assertTrue(health.contains("PostgreSQL"), health);
        } finally {
            signal(redis, "CONT");
        }
        Health.await(h -> h.matches("(?s).*Redis[^,}\\]]*up.*"), "Redis reported up again");
        Instant deadline = Instant.now().plusSeconds(30);
        HttpResponse<String> after;
        do {
            after = chat(key, "After the freeze");
            TimeUnit.MILLISECONDS.sleep(200);
        } while (after.statusCode() != 200 && Instant.now().isBefore(deadline));
        assertEquals(200, after.statusCode(), after.body());
        while (!breaker().getString("state").equals("closed") && Instant.now().isBefore(deadline)) {
            TimeUnit.MILLISECONDS.sleep(200);
        }
        assertEquals("closed", breaker().getString("state"), "the breaker closed once Redis answered its trial");
    }
}
