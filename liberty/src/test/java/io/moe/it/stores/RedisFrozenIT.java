package io.moe.it.stores;

import io.moe.it.Health;
import io.moe.it.Http;
import io.moe.it.Metrics;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis frozen (SIGSTOP), as a hung store looks: chat requests of a user without limits are still answered, the
 * circuit breakers of the Redis operations open (so later requests no longer wait for Redis), /health says Redis
 * is down, and after SIGCONT everything recovers without a restart.
 */
class RedisFrozenIT {

    /** The test stores' Redis writes its pid here (devservices' RedisStore). */
    static final java.nio.file.Path PID_FILE = java.nio.file.Path.of(System.getProperty("moe.it.data-dir", "target/it-data"), "redis", "redis.pid");
    static final Pattern OPENED = Pattern.compile("ft_circuitbreaker_opened_total\\{[^}]*RedisStore[^}]*} ([0-9.]+)");

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

    static double opened() {
        Matcher m = OPENED.matcher(Metrics.text());
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
        }
        return sum;
    }

    @Test
    void requestsAreAnsweredWhileRedisIsFrozenAndEverythingRecoversAfterwards() throws Exception {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        assertEquals(200, chat(key, "Before the freeze").statusCode());
        double openedBefore = opened();
        ProcessHandle redis = redis();
        signal(redis, "STOP");
        try {
            for (int i = 0; i < 8; i++) {
                HttpResponse<String> answer = chat(key, "While Redis is frozen " + i);
                assertEquals(200, answer.statusCode(), "answered without Redis: " + answer.body());
            }
            assertTrue(opened() > openedBefore, "circuit breakers of Redis operations opened");
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
    }
}
