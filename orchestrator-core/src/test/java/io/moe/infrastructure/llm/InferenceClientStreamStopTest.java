package io.moe.infrastructure.llm;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.InferenceServers;
import io.moe.application.servers.MemoryServerRegistry;
import io.moe.application.servers.RateLimitReports;
import io.moe.application.servers.RateLimitState;
import io.moe.application.servers.ServerBreakers;
import io.moe.application.servers.ServerSettings;
import io.moe.devservices.TestStores;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.shared.Ids;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.secrets.SecretBox;
import jakarta.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A streamed call its caller gives up, against the real model simulator holding the stream open after its first chunk
 * (fault {@code stall}) on a server whose timeout is ten minutes: the call ends as soon as the caller's stop completes,
 * and a stop is not the server's failure (its breaker is not told). And a streamed call the server ends at the call's
 * token limit says so. The HTTP client, slots and line reading are the product's; only the server list is in memory.
 */
class InferenceClientStreamStopTest {

    private static final TestStores STORES = TestStores.shared();
    private final SimulatorScript simulator = new SimulatorScript();
    private final List<String> failuresTold = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        simulator.close();
    }

    @Test
    void aStalledStreamEndsWhenItsCallerStopsItAndTheServerIsNotBlamed() throws Exception {
        String marker = UUID.randomUUID().toString().substring(0, 8);
        String model = "stalling-" + marker + ":7b";
        String server = "slow-" + marker;
        simulator.forModel(model, Json.createObjectBuilder().add("fault", "stall").build());
        InferenceClient client = client(new ServerSettings(Ids.newId(), server, URI.create(STORES.simulatorUrl()), ApiType.OPENAI,
                null, 2, 600, BigDecimal.ONE, true, Ids.nowUtc(), Ids.nowUtc()));
        CompletableFuture<Void> stop = new CompletableFuture<>();
        List<String> pieces = new ArrayList<>();
        CompletableFuture<Throwable> call = CompletableFuture.supplyAsync(() -> {
            try {
                client.stream(new ModelCall(new ModelRef(model, server), List.of(ChatMessage.user("hello")), 16), pieces::add, stop);
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        });
        awaitCallLogged(model);
        stop.complete(null);

        Throwable ended = call.get(60, TimeUnit.SECONDS); // the server's own timeout is ten minutes
        assertInstanceOf(InferenceException.class, ended);
        assertTrue(ended.getMessage().contains("given up by its caller"), ended.getMessage());
        assertTrue(pieces.isEmpty(), "the simulator sent no text before it stalled: " + pieces);
        assertEquals(List.of(), failuresTold, "a stop is not the server's failure");
    }

    @Test
    void aStreamTheServerStopsSendingEndsAsATimeoutAfterTheServersTimeoutAndBlamesTheServer() {
        String marker = UUID.randomUUID().toString().substring(0, 8);
        String model = "stalling-" + marker + ":7b";
        String server = "stuck-" + marker;
        simulator.forModel(model, Json.createObjectBuilder().add("fault", "stall").build());
        InferenceClient client = client(new ServerSettings(Ids.newId(), server, URI.create(STORES.simulatorUrl()), ApiType.OPENAI,
                null, 2, 1, BigDecimal.ONE, true, Ids.nowUtc(), Ids.nowUtc()));

        InferenceException ended = org.junit.jupiter.api.Assertions.assertThrows(InferenceException.class, () -> client.stream(
                new ModelCall(new ModelRef(model, server), List.of(ChatMessage.user("hello")), 16), piece -> { }, new CompletableFuture<>()));

        assertTrue(ended.timedOut(), "a timeout, billed like a whole call without an answer: " + ended.getMessage());
        assertTrue(ended.getMessage().contains("sent nothing more"), ended.getMessage());
        assertEquals(List.of(server), failuresTold, "the server is blamed once");
    }

    @Test
    void aStreamTheServerStopsAtTheTokenLimitIsCutAtLimitAndOneItFinishesIsNot() {
        String server = "local-" + UUID.randomUUID().toString().substring(0, 8);
        InferenceClient client = client(new ServerSettings(Ids.newId(), server, URI.create(STORES.simulatorUrl()), ApiType.OPENAI,
                null, 2, 60, BigDecimal.ONE, true, Ids.nowUtc(), Ids.nowUtc()));
        ModelRef model = new ModelRef("llama3:8b", server);
        List<ChatMessage> question = List.of(ChatMessage.user("Explain in detail how a harbour protects ships from waves."));

        Completion cut = client.stream(new ModelCall(model, question, 3), piece -> { }, new CompletableFuture<>());
        Completion whole = client.stream(new ModelCall(model, question, 4096), piece -> { }, new CompletableFuture<>());

        assertTrue(cut.cutAtLimit(), "finish_reason length: " + cut.content());
        assertFalse(whole.cutAtLimit(), whole.content());
        assertTrue(whole.content().length() > cut.content().length());
    }

    private InferenceClient client(ServerSettings settings) {
        MemoryServerRegistry registry = new MemoryServerRegistry();
        registry.add(settings);
        InferenceServers servers = new InferenceServers(registry, new SecretBox(new byte[32]));
        servers.reload();
        ServerBreakers breakers = new ServerBreakers() {
            @Override
            public void failed(String name) {
                failuresTold.add(name);
                super.failed(name);
            }
        };
        HttpPassThrough passThrough = new HttpPassThrough();
        passThrough.slots = new ServerSlots(100);
        passThrough.breakers = breakers;
        passThrough.limits = new RateLimitReports() {
            @Override
            public void observe(String name, RateLimitState state) {
                // no provider-status table here
            }
        };
        InferenceClient client = new InferenceClient();
        client.servers = servers;
        client.slots = passThrough.slots;
        client.breakers = breakers;
        client.passThrough = passThrough;
        return client;
    }

    /** Waits until the simulator logged the call: the stream has begun and is being held. */
    private void awaitCallLogged(String model) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (simulator.calls().stream().anyMatch(c -> c.getString("model").equals(model))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the simulator never logged a call to " + model);
    }
}
