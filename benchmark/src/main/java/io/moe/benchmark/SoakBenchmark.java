package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * A soak under faults: {@value #STREAMS} streamed native requests at once (four users, 50 streams each, under the bench's
 * per-user bound of 64), for a bounded time, while the simulator fails a quarter of them at random — an HTTP 429, 500,
 * 502 or 503, a reset connection, a stream cut off or a malformed chunk. It prints the requests by outcome and then checks
 * the books: a usage row per request, and each user's rows against their budget counter, which must agree to the token.
 * One node: run.sh starts one (TwoNodesIT covers two).
 */
final class SoakBenchmark {

    static final int STREAMS = 200;
    private static final int USERS = 4;
    private static final List<String> FAULTS = List.of("http_429", "http_500", "http_502", "http_503", "reset", "stream_cut",
            "malformed_chunk");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern KEY = Pattern.compile("\"key\"\\s*:\\s*\"([^\"]+)\"");

    private final String orchestrator;
    private final String simulator;
    private final String admin;
    private final String adminKey;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();

    private final long serverPid;
    private final long storesPid;

    /** {@code serverPid} and {@code storesPid} (the store launcher's JVM; 0: unknown) are measured after the soak. */
    SoakBenchmark(String orchestrator, String simulator, String admin, String adminKey, long serverPid, long storesPid) {
        this.serverPid = serverPid;
        this.storesPid = storesPid;
        this.orchestrator = orchestrator;
        this.simulator = simulator;
        this.admin = admin;
        this.adminKey = adminKey;
    }

    void run(Duration length) throws Exception {
        System.out.printf(Locale.ROOT, "== Soak: %d streamed native requests at once for %d s, a quarter failed by the simulator at random%n",
                STREAMS, length.toSeconds());
        List<String> rules = new ArrayList<>();
        for (String fault : FAULTS) {
            rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"contains\":\"soakfault-" + fault + "\"},\"action\":{\"fault\":\""
                    + fault + "\",\"retry_after\":1}}"));
        }
        String[][] users = new String[USERS][];
        for (int u = 0; u < USERS; u++) {
            users[u] = user();
        }
        long end = System.nanoTime() + length.toNanos();
        ExecutorService streams = Executors.newFixedThreadPool(STREAMS);
        try {
            for (int s = 0; s < STREAMS; s++) {
                String key = users[s % USERS][1];
                streams.execute(() -> {
                    while (System.nanoTime() < end) {
                        outcomes.computeIfAbsent(ask(key), k -> new LongAdder()).increment();
                    }
                });
            }
            streams.shutdown();
            streams.awaitTermination(length.toSeconds() + 120, TimeUnit.SECONDS);
        } finally {
            streams.shutdownNow();
            rules.forEach(id -> BenchHttp.removeRule(http, simulator, id));
        }
        long total = outcomes.values().stream().mapToLong(LongAdder::sum).sum();
        System.out.printf(Locale.ROOT, "requests: %d (%.1f/s)%n", total, total / (double) length.toSeconds());
        new TreeMap<>(outcomes).forEach((outcome, n) -> System.out.printf(Locale.ROOT, "  %-32s %d%n", outcome, n.sum()));
        books(users, total);
        memory();
    }

    /** The resident memory of the server and the store launcher after the soak (target: at most 1.5 GiB together). */
    private void memory() {
        long server = serverPid > 0 ? ProcessMemory.residentMib(serverPid).orElse(-1L) : -1;
        long stores = storesPid > 0 ? ProcessMemory.residentMib(storesPid).orElse(-1L) : -1;
        if (server >= 0 && stores >= 0) {
            System.out.printf(Locale.ROOT, "resident memory after the soak: server %d MiB + store launcher %d MiB = %d MiB%n",
                    server, stores, server + stores);
        } else if (server >= 0) {
            System.out.printf(Locale.ROOT, "resident memory after the soak: server %d MiB%n", server);
        }
    }

    /** One streamed request, with a fault for one in four; its outcome as the client saw it. */
    private String ask(String key) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String fault = random.nextInt(4) == 0 ? " soakfault-" + FAULTS.get(random.nextInt(FAULTS.size())) : "";
        String body = "{\"model\":\"sim-general:8b@local\",\"stream\":true,\"max_tokens\":32,\"messages\":[{\"role\":\"user\","
                + "\"content\":\"Soak question " + UUID.randomUUID() + fault + "\"}]}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(orchestrator + "/v1/chat/completions")).timeout(Duration.ofSeconds(120))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                if (response.statusCode() != 200) {
                    lines.transferTo(java.io.Writer.nullWriter());
                    return "http " + response.statusCode();
                }
                boolean done = false;
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.startsWith("data:") && line.contains("\"error\"")) {
                        return "error event " + errorCode(line.substring(5).strip());
                    }
                    done |= line.equals("data: [DONE]");
                }
                return done ? "answered" : "stream ended without [DONE]";
            }
        } catch (IOException e) {
            return "connection failed";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static String errorCode(String data) {
        try {
            JsonObject error = Json.createReader(new StringReader(data)).readObject().getJsonObject("error");
            return error.getString("code", error.getString("type", "?"));
        } catch (RuntimeException e) {
            return "(unreadable)";
        }
    }

    /** Each user's usage rows against their counter, once the rows stopped growing (at most 60 s). */
    private void books(String[][] users, long requests) throws Exception {
        boolean exact = true;
        long rowCount = 0;
        for (String[] user : users) {
            JsonObject usage = usage(user[0]);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            JsonObject before;
            do {
                before = usage;
                Thread.sleep(1000);
                usage = usage(user[0]);
            } while (!usage.equals(before) && System.nanoTime() < deadline);
            long rows = usage.getJsonNumber("total_tokens").longValue();
            long counter = usage.getJsonObject("counters").getJsonNumber("daily").longValue();
            exact &= rows == counter;
            rowCount += usage.getInt("requests");
            System.out.printf(Locale.ROOT, "  user %s: %d usage rows, %d tokens in them, %d on the daily counter%n", user[0],
                    usage.getInt("requests"), rows, counter);
        }
        System.out.printf(Locale.ROOT, "usage rows: %d for %d requests%n", rowCount, requests);
        System.out.println("usage rows equal the counters: " + (exact ? "yes, to the token" : "NO"));
    }

    private JsonObject usage(String user) {
        HttpResponse<String> r = BenchHttp.send(http, HttpRequest.newBuilder(URI.create(admin + "/api/users/" + user + "/usage"))
                .header("Authorization", "Bearer " + adminKey).build());
        return Json.createReader(new StringReader(r.body())).readObject();
    }

    /** A new user allowed every model of the simulator's server, and a key of theirs: {id, key}. */
    private String[] user() {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String id = BenchHttp.created(http, admin, adminKey, "/api/users", "{\"username\":\"bench-soak-" + suffix
                + "\",\"email\":\"bench-soak-" + suffix + "@example.org\",\"password\":\"a-long-bench-password-1\"}", ID);
        BenchHttp.created(http, admin, adminKey, "/api/users/" + id + "/permissions",
                "{\"resource_type\":\"model_endpoint\",\"resource_id\":\"*@local\"}", ID);
        return new String[] {id, BenchHttp.created(http, admin, adminKey, "/api/users/" + id + "/keys", "{\"label\":\"soak\"}", KEY)};
    }
}
