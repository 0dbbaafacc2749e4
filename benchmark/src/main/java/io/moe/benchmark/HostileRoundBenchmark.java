package io.moe.benchmark;

import io.moe.benchmark.HostileBodies.Kind;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The security issue's round of hostile inputs, then the memory: the fuzz test's generator ({@link HostileBodies}, same
 * seed) sends invalid bodies — huge strings, deep nesting, truncated and non-UTF-8 JSON — to the JSON endpoints of the
 * orchestrator and the admin port, {@value #SENDERS} at a time, and the resident memory of the server and the store
 * launcher is read afterwards (target: at most 1.5 GiB together). Prints how the bodies were answered (each should be a
 * 4xx) and the memory, peak included.
 */
final class HostileRoundBenchmark {

    static final long SEED = 20261123L;
    static final int SENDERS = 8;

    private record Target(String url, JsonObject valid, Map<String, Kind> breakable, boolean removable) {
    }

    private final String key;
    private final long serverPid;
    private final long storesPid;
    private final List<Target> targets;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    HostileRoundBenchmark(String orchestrator, String admin, String key, long serverPid, long storesPid) {
        this.key = key;
        this.serverPid = serverPid;
        this.storesPid = storesPid;
        JsonObject message = Json.createObjectBuilder().add("role", "user").add("content", "hi").build();
        this.targets = List.of(
                new Target(orchestrator + "/v1/chat/completions", Json.createObjectBuilder().add("model", "moe-orchestrator")
                        .add("messages", Json.createArrayBuilder().add(message)).build(),
                        Map.of("model", Kind.STRING, "messages", Kind.STRING), true),
                new Target(orchestrator + "/v1/messages", Json.createObjectBuilder().add("model", "moe-orchestrator")
                        .add("max_tokens", 64).add("messages", Json.createArrayBuilder().add(message)).build(),
                        Map.of("model", Kind.STRING, "messages", Kind.STRING, "max_tokens", Kind.COUNT), true),
                new Target(orchestrator + "/v1/feedback", Json.createObjectBuilder().add("response_id", "chatcmpl-none")
                        .add("rating", 5).build(), Map.of("response_id", Kind.STRING, "rating", Kind.COUNT), true),
                new Target(admin + "/api/users", Json.createObjectBuilder().add("username", "fuzzed").add("email", "fuzzed@example.org")
                        .add("password", "a-long-password-1").build(),
                        Map.of("username", Kind.STRING, "email", Kind.STRING, "password", Kind.STRING), true));
    }

    void run(int bodies) throws InterruptedException {
        System.out.println("== A round of hostile inputs, then the memory (target: server and store launcher ≤ 1.5 GiB together)");
        HostileBodies generator = new HostileBodies(SEED);
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger taken = new AtomicInteger();
        AtomicInteger unanswered = new AtomicInteger();
        long start = System.nanoTime();
        ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
        for (int i = 0; i < bodies; i++) {
            Target target = targets.get(i % targets.size());
            byte[] body = generator.next(target.valid(), target.breakable(), target.removable()); // here, one thread: seeded order
            senders.submit(() -> {
                try {
                    int status = http.send(HttpRequest.newBuilder(URI.create(target.url())).timeout(Duration.ofSeconds(60))
                            .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                    (status >= 500 ? failed : status >= 400 ? refused : taken).incrementAndGet();
                } catch (Exception e) {
                    unanswered.incrementAndGet();
                }
            });
        }
        senders.shutdown();
        senders.awaitTermination(30, TimeUnit.MINUTES);
        System.out.printf(Locale.ROOT, "%d hostile bodies to %d endpoints, %d at a time, in %.1f s: %d refused with a 4xx, %d 5xx,"
                        + " %d taken (2xx/3xx), %d without an answer%n", bodies, targets.size(), SENDERS,
                (System.nanoTime() - start) / 1e9, refused.get(), failed.get(), taken.get(), unanswered.get());
        long server = serverPid > 0 ? ProcessMemory.residentMib(serverPid).orElse(-1L) : -1;
        long stores = storesPid > 0 ? ProcessMemory.residentMib(storesPid).orElse(-1L) : -1;
        System.out.printf(Locale.ROOT, "resident memory after the hostile round: server %d MiB (%s) + store launcher %d MiB = %d MiB%n",
                server, ProcessMemory.describe(serverPid), stores, server + stores);
    }
}
