package io.moe.infrastructure.llm;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.InferenceServers;
import io.moe.application.servers.MemoryServerRegistry;
import io.moe.application.servers.ServerSettings;
import io.moe.devservices.TestStores;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.shared.Ids;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.secrets.SecretBox;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Per-server concurrency through {@link InferenceClient} against the real model simulator: two servers on the
 * same simulator, one with concurrency 1 and one with 4, called at once; the simulator's call log (each call's
 * start, and a fixed latency per call) shows that calls to the first never overlapped while those to the
 * second did, never more than four at a time. Only the HTTP transport under the client is the test's own
 * (the container's Rest Client is not available outside Liberty); server lookup, limits and mapping are the
 * product's.
 */
class InferenceClientConcurrencyTest {

    private static final long LATENCY_MS = 300;
    private static final TestStores STORES = TestStores.shared();
    private final HttpClient http = HttpClient.newHttpClient();
    private final ExecutorService pool = Executors.newFixedThreadPool(12);
    private final SimulatorScript simulator = new SimulatorScript();

    @AfterEach
    void cleanUp() {
        pool.shutdownNow();
        simulator.close();
    }

    @Test
    void callsToAConcurrencyOneServerNeverOverlapWhileAConcurrencyFourServerRunsFourAtOnce() throws Exception {
        String marker = UUID.randomUUID().toString().substring(0, 8);
        String serialModel = "serial-" + marker + ":7b";
        String parallelModel = "parallel-" + marker + ":7b";
        delay(serialModel);
        delay(parallelModel);
        InferenceClient client = client(server("one-" + marker, 1), server("four-" + marker, 4));

        List<Future<Completion>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(pool.submit(() -> client.call(call(serialModel, "one-" + marker))));
        }
        for (int i = 0; i < 8; i++) {
            calls.add(pool.submit(() -> client.call(call(parallelModel, "four-" + marker))));
        }
        for (Future<Completion> call : calls) {
            assertTrue(call.get(60, TimeUnit.SECONDS).content().length() > 0);
        }

        List<Instant> serial = starts(serialModel);
        List<Instant> parallel = starts(parallelModel);
        assertEquals(4, serial.size(), "every call reached the simulator");
        assertEquals(8, parallel.size());
        for (int i = 1; i < serial.size(); i++) {
            long gap = Duration.between(serial.get(i - 1), serial.get(i)).toMillis();
            assertTrue(gap >= LATENCY_MS, "a call to the concurrency-1 server started " + gap
                    + " ms after the one before, while that one still ran (" + serial + ")");
        }
        int most = mostAtOnce(parallel);
        assertTrue(most >= 2, "calls to the concurrency-4 server overlapped (" + parallel + ")");
        assertTrue(most <= 4, "at most four calls ran at once on the concurrency-4 server, saw " + most);
    }

    /** The largest number of calls whose [start, start + latency) intervals share a moment. */
    static int mostAtOnce(List<Instant> starts) {
        int most = 0;
        for (Instant t : starts) {
            int running = (int) starts.stream().filter(s -> !s.isAfter(t) && Duration.between(s, t).toMillis() < LATENCY_MS).count();
            most = Math.max(most, running);
        }
        return most;
    }

    private InferenceClient client(ServerSettings... settings) {
        MemoryServerRegistry registry = new MemoryServerRegistry();
        for (ServerSettings s : settings) {
            registry.add(s);
        }
        InferenceServers servers = new InferenceServers(registry, new SecretBox(new byte[32]));
        servers.reload();
        InferenceClient client = new InferenceClient() {
            @Override
            OpenAiChatApi api(InferenceServer server) {
                return request -> post(server, request);
            }
        };
        client.servers = servers;
        client.slots = new ServerSlots(100);
        client.breakers = new io.moe.application.servers.ServerBreakers();
        return client;
    }

    private static ServerSettings server(String name, int concurrency) {
        return new ServerSettings(Ids.newId(), name, URI.create(STORES.simulatorUrl()), ApiType.OPENAI, null, concurrency,
                30, BigDecimal.ONE, true, Ids.nowUtc(), Ids.nowUtc());
    }

    private static ModelCall call(String model, String server) {
        return new ModelCall(new ModelRef(model, server), List.of(ChatMessage.user("hello")), 16);
    }

    private JsonObject post(InferenceServer server, JsonObject request) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/chat/completions"))
                    .timeout(server.timeout()).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(request.toString())).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            return Json.createReader(new StringReader(response.body())).readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void delay(String model) {
        simulator.forModel(model, Json.createObjectBuilder().add("latency_ms", LATENCY_MS).build());
    }

    private List<Instant> starts(String model) {
        return simulator.calls().stream().filter(c -> c.getString("model").equals(model))
                .map(c -> Instant.parse(c.getString("at"))).sorted().toList();
    }
}
