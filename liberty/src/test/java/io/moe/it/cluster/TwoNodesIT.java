package io.moe.it.cluster;

import io.moe.it.Http;
import io.moe.it.Poll;
import io.moe.it.Simulator;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import io.moe.it.identity.BudgetConcurrencyIT;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two Liberty servers on the same PostgreSQL, Redis, Kafka and Neo4j answer as one service: a budget stays exact
 * when one user's requests are spread over both, a key revoked through one node is refused by both on the very
 * next request, the ingest consumers of both nodes share the topic's partitions, and when one node dies the
 * other keeps answering while the places its requests held come back when their lease runs out, and every request the
 * dead node answered has its usage row (journaled with the budget's settlement, written by whichever node reads it). (What a killed node
 * had reserved but not settled stays on the budget counter: see the README.)
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TwoNodesIT {

    static final String[] NODES = {ChatCompletionsIT.URL, SecondNode.ORCHESTRATOR + "/v1/chat/completions"};
    static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    static void startSecondNode() throws Exception {
        SecondNode.start();
    }

    @AfterAll
    static void stopSecondNode() throws Exception {
        SecondNode.stop();
    }

    static HttpRequest chat(String node, String key, String text) {
        return HttpRequest.newBuilder(URI.create(node)).timeout(Duration.ofSeconds(120))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(ChatCompletionsIT.request("moe-orchestrator", text))).build();
    }

    static String userWithKey() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        return user;
    }

    @Test
    @Order(1)
    void aBudgetStaysExactWhenOneUsersRequestsAreSpreadOverBothNodes() {
        String user = userWithKey();
        String key = Admin.newKey(user)[1];
        assertEquals(200, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"daily_limit\":" + BudgetConcurrencyIT.BUDGET + "}").statusCode());
        BudgetConcurrencyIT.spendAndCheck(user, key, List.of(NODES));
    }

    @Test
    @Order(2)
    void aKeyRevokedThroughOneNodeIsRefusedByBothOnTheNextRequest() throws Exception {
        String user = userWithKey();
        String[] key = Admin.newKey(user);
        for (String node : NODES) {
            assertEquals(200, CLIENT.send(chat(node, key[1], "Hello"), HttpResponse.BodyHandlers.ofString()).statusCode(),
                    "the key works on " + node + " (and is now in its key cache)");
        }
        HttpResponse<String> revoked = Http.delete(SecondNode.ADMIN + "/api/users/" + user + "/keys/" + key[0],
                "Authorization", Http.bearer(io.moe.it.ItConfig.apiKey()));
        assertEquals(200, revoked.statusCode(), "revoked through the second node's admin API: " + revoked.body());
        for (String node : NODES) {
            HttpResponse<String> refused = CLIENT.send(chat(node, key[1], "Hello again"), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, refused.statusCode(), node + ": " + refused.body());
        }
    }

    @Test
    @Order(3)
    void aServerAddedThroughOneNodeIsCalledByTheOtherWithinSeconds() throws Exception {
        String name = "late-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        HttpResponse<String> added = Admin.post(io.moe.it.ItConfig.adminUrl() + "/api/servers", "{\"name\":\"" + name
                + "\",\"url\":\"" + io.moe.it.ItConfig.simulatorUrl() + "\",\"api_type\":\"openai\",\"concurrency\":2}");
        assertEquals(201, added.statusCode(), "added through the first node: " + added.body());
        try {
            String body = ChatCompletionsIT.request("sim-general:8b@" + name, "Hello");
            Poll.until(() -> Http.post(NODES[1], body, "Authorization", Http.bearer(io.moe.it.ItConfig.apiKey())).statusCode(),
                    status -> status == 200, Duration.ofSeconds(20),
                    "the second node calling the server the first one added (its probe round is 60 s)");
        } finally {
            Admin.delete(io.moe.it.ItConfig.adminUrl() + "/api/servers/" + Http.object(added).getString("id"));
        }
    }

    @Test
    @Order(3)
    void theIngestConsumersOfBothNodesShareTheTopicsPartitions() throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, System.getProperty("moe.it.kafka-bootstrap", "127.0.0.1:29092"));
        try (org.apache.kafka.clients.admin.Admin kafka = org.apache.kafka.clients.admin.Admin.create(p)) {
            Instant deadline = Instant.now().plusSeconds(90);
            ConsumerGroupDescription group = null;
            while (Instant.now().isBefore(deadline)) {
                group = kafka.describeConsumerGroups(List.of("moe-ingest")).all().get(30, TimeUnit.SECONDS).get("moe-ingest");
                if (group.members().size() == 2 && group.members().stream().allMatch(m -> !m.assignment().topicPartitions().isEmpty())) {
                    break;
                }
                TimeUnit.MILLISECONDS.sleep(500);
            }
            assertEquals(2, group.members().size(), "one consumer per node: " + group);
            for (MemberDescription member : group.members()) {
                assertTrue(!member.assignment().topicPartitions().isEmpty(), "each node reads a share of the partitions: " + group);
            }
        }
    }

    @Test
    @Order(4)
    void whenOneNodeDiesTheOtherKeepsAnsweringAndTheDeadNodesPlacesComeBack() throws Exception {
        String user = userWithKey();
        String key = Admin.newKey(user)[1];
        String slow = "slow-on-the-dying-node-" + UUID.randomUUID();
        String rule = Simulator.addRule(Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("contains", slow))
                .add("action", Json.createObjectBuilder().add("latency_ms", 20_000)).build());
        String loadUser = userWithKey();
        String loadKey = Admin.newKey(loadUser)[1];
        AtomicBoolean dead = new AtomicBoolean();
        AtomicInteger answered = new AtomicInteger();
        try {
            List<CompletableFuture<HttpResponse<String>>> onSecond = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                onSecond.add(CLIENT.sendAsync(chat(NODES[1], key, slow + " " + i), HttpResponse.BodyHandlers.ofString()));
            }
            List<CompletableFuture<Void>> load = new ArrayList<>();
            for (int loop = 0; loop < 2; loop++) {
                int name = loop;
                load.add(CompletableFuture.runAsync(() -> keepAsking(loadKey, "Load " + name, dead, answered)));
            }
            awaitInFlight(key, 2, "the second node runs two requests of the user");
            Poll.until(answered::get, n -> n >= 10, Duration.ofSeconds(60), "answers of the load on the second node");
            SecondNode.kill();
            dead.set(true);
            CompletableFuture.allOf(load.toArray(CompletableFuture[]::new)).get(2, TimeUnit.MINUTES);
            int answeredBeforeDeath = answered.get();
            JsonObject rows = Poll.until(() -> Admin.usage(loadUser), u -> okRows(u) >= answeredBeforeDeath,
                    Duration.ofSeconds(60), "a usage row for every request the dead node answered");
            assertTrue(okRows(rows) <= answeredBeforeDeath + 2, "at most the two requests cut off by the kill have a row"
                    + " without their answer: " + rows);
            assertTrue(rows.getJsonObject("counters").getJsonNumber("daily").longValue() >= rows.getJsonNumber("total_tokens").longValue(),
                    "the counter holds every row (and the reservations of requests cut off by the kill): " + rows);
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> after = CLIENT.send(chat(NODES[0], key, "After the crash " + i), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, after.statusCode(), "the first node keeps answering: " + after.body());
            }
            for (CompletableFuture<HttpResponse<String>> call : onSecond) {
                assertTrue(call.handle((r, e) -> e != null || r.statusCode() != 200).get(2, TimeUnit.MINUTES),
                        "a request of the dead node is never reported as answered");
            }
            awaitInFlight(key, 0, "the dead node's places are given back when their lease runs out");
        } finally {
            Simulator.removeRule(rule);
        }
    }

    /** Asks the second node one question after another until it dies, counting the answers. */
    private static void keepAsking(String key, String text, AtomicBoolean dead, AtomicInteger answered) {
        for (int i = 0; !dead.get(); i++) {
            try {
                if (CLIENT.send(chat(NODES[1], key, text + " " + i), HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    answered.incrementAndGet();
                }
            } catch (java.io.IOException e) {
                return; // the node died under the request
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static int okRows(JsonObject usage) {
        JsonObject ok = usage.getJsonObject("by_status").getJsonObject("ok");
        return ok == null ? 0 : ok.getInt("requests");
    }

    /** Polls the first node's provider status until the key has {@code running} requests in flight on all nodes. */
    static void awaitInFlight(String key, int running, String what) throws Exception {
        Instant deadline = Instant.now().plusSeconds(150);
        JsonObject status = null;
        while (Instant.now().isBefore(deadline)) {
            status = Http.object(Http.get(io.moe.it.ItConfig.orchestratorUrl() + "/v1/provider-status", "Authorization", Http.bearer(key)))
                    .getJsonObject("key");
            if (status.getInt("requests_in_flight") == running) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(250);
        }
        assertEquals(running, status.getInt("requests_in_flight"), what + ": " + status);
    }
}
