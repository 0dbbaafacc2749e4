package io.moe.it.stores;

import io.moe.it.Health;
import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Poll;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL frozen (SIGSTOP on the postmaster and every backend), as a hung database looks: a user whose key was in use
 * keeps getting answers — orchestrated and native — from the templates and keys the node holds in memory, their usage rows
 * wait in the usage journal, /health says PostgreSQL is down while the node stays ready, and after SIGCONT the rows
 * arrive without a restart.
 */
class PostgresFrozenIT {

    /** PostgreSQL's own pid file in the test stores' data folder: its first line is the postmaster's pid. */
    static final Path PID_FILE = Path.of(System.getProperty("moe.it.data-dir", "target/it-data"), "postgres", "postmaster.pid");

    @Test
    void knownKeysAreAnsweredWhilePostgresIsFrozenAndTheirUsageRowsArriveAfterwards() throws Exception {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        Admin.grant(user, "model_endpoint", "*@local");
        String key = Admin.newKey(user)[1];
        assertEquals(200, chat(key, "moe-orchestrator", "Before the freeze").statusCode());
        assertEquals(200, chat(key, "sim-general:8b@local", "Before the freeze, natively").statusCode());

        List<ProcessHandle> postgres = postgres();
        signal(postgres, "STOP");
        try {
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> orchestrated = chat(key, "moe-orchestrator", "While PostgreSQL is frozen " + i);
                assertEquals(200, orchestrated.statusCode(), "answered without PostgreSQL: " + orchestrated.body());
                HttpResponse<String> direct = chat(key, "sim-general:8b@local", "While PostgreSQL is frozen, natively " + i);
                assertEquals(200, direct.statusCode(), "answered without PostgreSQL: " + direct.body());
            }
            Health.await(h -> h.matches("(?s).*PostgreSQL[^,}\\]]*down.*"), "PostgreSQL reported down");
            HttpResponse<String> ready = Http.get(ItConfig.orchestratorUrl() + "/health/ready");
            assertEquals(200, ready.statusCode(), "the node still answers, so it stays ready: " + ready.body());
        } finally {
            signal(postgres, "CONT");
        }
        JsonObject usage = Poll.until(() -> Admin.usage(user), u -> u.getInt("requests") >= 8, Duration.ofSeconds(90),
                "the usage rows of the requests answered while PostgreSQL was frozen");
        assertEquals(8, usage.getJsonObject("by_status").getJsonObject("ok").getInt("requests"), usage.toString());
        assertEquals(usage.getJsonObject("counters").getJsonNumber("daily").longValue(), usage.getJsonNumber("total_tokens").longValue(),
                "the rows add up to the counter: " + usage);
    }

    private static HttpResponse<String> chat(String key, String model, String text) {
        return Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request(model, text),
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
    }

    /** The postmaster and its backends. */
    private static List<ProcessHandle> postgres() throws IOException {
        long pid = Long.parseLong(Files.readAllLines(PID_FILE).get(0).trim());
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no PostgreSQL process " + pid));
        return Stream.concat(Stream.of(postmaster), postmaster.descendants()).toList();
    }

    private static void signal(List<ProcessHandle> processes, String signal) throws IOException, InterruptedException {
        for (ProcessHandle process : processes) {
            new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start().waitFor();
        }
    }
}
