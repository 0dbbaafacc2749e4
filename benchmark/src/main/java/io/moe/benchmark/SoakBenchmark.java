package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
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
 * the books: a usage row per request, each user's rows against their budget counter, which must agree to the token,
 * and an audit event ({@code moe.requests}) for every answered request and for no other. With a second node the
 * streams alternate between the two, which share the stores.
 */
final class SoakBenchmark {

    static final int STREAMS = 200;
    /** How every soak question begins; the rest is its own id (and the fault it asks for). */
    private static final String QUESTION = "Soak question ";
    private static final int USERS = 4;
    private static final List<String> FAULTS = List.of("http_429", "http_500", "http_502", "http_503", "reset", "stream_cut",
            "malformed_chunk");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern KEY = Pattern.compile("\"key\"\\s*:\\s*\"([^\"]+)\"");

    private final List<String> nodes;
    private final String kafka;
    private final String simulator;
    private final String admin;
    private final String adminKey;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();

    private final List<Long> serverPids;
    private final long storesPid;
    /** The questions of the requests answered in full with more than 150 characters, which must each have their audit event. */
    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    /** Those answered in full with at most 150 characters (the simulator's own answer to a fault that still answers): no event. */
    private final Set<String> answeredShort = ConcurrentHashMap.newKeySet();
    /** Answers longer than this are audited (the spec's moe.requests). */
    private static final int AUDITED_CHARS = 150;

    /**
     * Streams go to the {@code nodes} in turn; the {@code serverPids} and {@code storesPid} (the store launcher's JVM;
     * 0: unknown) are measured after the soak; the events are read from {@code kafka} (none: not checked).
     */
    SoakBenchmark(List<String> nodes, String kafka, String simulator, String admin, String adminKey, List<Long> serverPids, long storesPid) {
        this.nodes = nodes;
        this.kafka = kafka;
        this.serverPids = serverPids;
        this.storesPid = storesPid;
        this.simulator = simulator;
        this.admin = admin;
        this.adminKey = adminKey;
    }

    void run(Duration length) throws Exception {
        System.out.printf(Locale.ROOT, "== Soak: %d streamed native requests at once through %d node(s) for %d s, a quarter failed by "
                + "the simulator at random%n", STREAMS, nodes.size(), length.toSeconds());
        List<String> rules = new ArrayList<>();
        for (String fault : FAULTS) {
            rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"contains\":\"soakfault-" + fault + "\"},\"action\":{\"fault\":\""
                    + fault + "\",\"retry_after\":1}}"));
        }
        // every answer longer than 150 characters is audited: the soak's answers are, so each answered one must have its event
        rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"contains\":\"" + QUESTION + "\"},\"action\":{\"content\":\""
                + "A soak answer, long enough to be audited: ".repeat(5) + "\",\"confidence\":\"none\"}}"));
        String[][] users = new String[USERS][];
        for (int u = 0; u < USERS; u++) {
            users[u] = user();
        }
        long end = System.nanoTime() + length.toNanos();
        ExecutorService streams = Executors.newFixedThreadPool(STREAMS);
        try {
            for (int s = 0; s < STREAMS; s++) {
                String key = users[s % USERS][1];
                String node = nodes.get(s % nodes.size());
                String label = nodes.size() > 1 ? "node " + (s % nodes.size() + 1) + ": " : "";
                streams.execute(() -> {
                    while (System.nanoTime() < end) {
                        outcomes.computeIfAbsent(label + ask(node, key), k -> new LongAdder()).increment();
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
        new TreeMap<>(outcomes).forEach((outcome, n) -> System.out.printf(Locale.ROOT, "  %-42s %d%n", outcome, n.sum()));
        books(users, total);
        events();
        memory();
    }

    /** Each answered request's audit event, and none for a request that was not answered, once no more arrive (at most 60 s). */
    private void events() {
        if (kafka == null || kafka.isBlank()) {
            return;
        }
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "bench-soak-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        Map<String, Integer> events = new HashMap<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        long quietSince = System.nanoTime();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(List.of("moe.requests"));
            // an event the broker did not take at once waits in the outbox's backlog, drained every 15 s
            while (System.nanoTime() < deadline && System.nanoTime() - quietSince < Duration.ofSeconds(20).toNanos()
                    && !events.keySet().containsAll(answered)) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    quietSince = System.nanoTime();
                    String input = Json.createReader(new StringReader(record.value())).readObject().getString("input", "");
                    if (input.startsWith(QUESTION)) {
                        events.merge(input, 1, Integer::sum);
                    }
                }
            }
        }
        long missing = answered.stream().filter(q -> !events.containsKey(q)).count();
        Map<String, Long> missingByFault = new TreeMap<>();
        answered.stream().filter(q -> !events.containsKey(q))
                .forEach(q -> missingByFault.merge(q.contains("soakfault-") ? q.substring(q.indexOf("soakfault-") + 10) : "none", 1L, Long::sum));
        if (!missingByFault.isEmpty()) {
            System.out.println("  answered requests without an event, by the fault they asked for: " + missingByFault);
        }
        long unanswered = events.keySet().stream().filter(q -> !answered.contains(q) && !answeredShort.contains(q)).count();
        long shortOnes = events.keySet().stream().filter(answeredShort::contains).count();
        long twice = events.values().stream().filter(n -> n > 1).count();
        boolean exact = missing == 0 && unanswered == 0 && shortOnes == 0 && twice == 0;
        System.out.printf(Locale.ROOT, "audit events (moe.requests): %d for %d requests answered with more than %d characters (%d shorter "
                + "answers need none); missing %d, for short answers %d, for requests not answered %d, published more than once %d -> %s%n",
                events.size(), answered.size(), AUDITED_CHARS, answeredShort.size(), missing, shortOnes, unanswered, twice,
                exact ? "every answer has exactly its event" : "NOT every answer has exactly its event");
    }

    /** The resident memory of the server and the store launcher after the soak (target: at most 1.5 GiB together). */
    private void memory() {
        long stores = storesPid > 0 ? ProcessMemory.residentMib(storesPid).orElse(-1L) : -1;
        for (int n = 0; n < serverPids.size(); n++) {
            long server = serverPids.get(n) > 0 ? ProcessMemory.residentMib(serverPids.get(n)).orElse(-1L) : -1;
            if (server >= 0 && stores >= 0) {
                System.out.printf(Locale.ROOT, "resident memory after the soak: server %d %d MiB + store launcher %d MiB = %d MiB%n",
                        n + 1, server, stores, server + stores);
            } else if (server >= 0) {
                System.out.printf(Locale.ROOT, "resident memory after the soak: server %d %d MiB%n", n + 1, server);
            }
        }
    }

    /** One streamed request, with a fault for one in four; its outcome as the client saw it. */
    private String ask(String node, String key) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String fault = random.nextInt(4) == 0 ? " soakfault-" + FAULTS.get(random.nextInt(FAULTS.size())) : "";
        String question = QUESTION + UUID.randomUUID() + fault;
        String body = "{\"model\":\"sim-general:8b@local\",\"stream\":true,\"max_tokens\":96,\"messages\":[{\"role\":\"user\","
                + "\"content\":\"" + question + "\"}]}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(node + "/v1/chat/completions")).timeout(Duration.ofSeconds(120))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                if (response.statusCode() != 200) {
                    StringBuilder error = new StringBuilder();
                    lines.lines().forEach(error::append);
                    return "http " + response.statusCode() + " " + errorCode(error.toString());
                }
                boolean done = false;
                long chars = 0;
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.startsWith("data:") && line.contains("\"error\"")) {
                        return "error event " + errorCode(line.substring(5).strip());
                    }
                    done |= line.equals("data: [DONE]");
                    chars += contentLength(line);
                }
                if (done) {
                    (chars > AUDITED_CHARS ? answered : answeredShort).add(question);
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

    /** The characters of answer text a stream line carries (0 for anything else, a malformed chunk included). */
    private static long contentLength(String line) {
        if (!line.startsWith("data: {")) {
            return 0;
        }
        try {
            JsonObject chunk = Json.createReader(new StringReader(line.substring(6))).readObject();
            if (chunk.get("choices") instanceof jakarta.json.JsonArray choices && !choices.isEmpty()
                    && choices.getJsonObject(0).get("delta") instanceof JsonObject delta && delta.get("content") instanceof jakarta.json.JsonString text) {
                return text.getString().length();
            }
        } catch (RuntimeException malformed) {
            // the simulator's malformed chunk: no text
        }
        return 0;
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
        BenchHttp.created(http, admin, adminKey, "/api/users/" + id + "/permissions", // direct calls need the mode grant too
                "{\"resource_type\":\"moe_mode\",\"resource_id\":\"native\"}", ID);
        return new String[] {id, BenchHttp.created(http, admin, adminKey, "/api/users/" + id + "/keys", "{\"label\":\"soak\"}", KEY)};
    }
}
