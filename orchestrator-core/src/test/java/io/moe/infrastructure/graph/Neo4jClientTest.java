package io.moe.infrastructure.graph;

import io.moe.devservices.TestStores;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.exceptions.ServiceUnavailableException;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** A statement the client gives up on is ended on the server too, not left running on a pooled connection. */
class Neo4jClientTest {

    private static final TestStores STORES = TestStores.shared();
    private static final String SLOW = "UNWIND range(1, 2000000000) AS x WITH x WHERE x < 0 RETURN count(x) AS slowNeo4jClientTest";

    @Test
    void aStatementOverTheTimeoutFailsAndTheServerEndsIt() throws InterruptedException {
        try (Neo4jClient slow = new Neo4jClient(STORES.neo4jUri(), null, null, Duration.ofSeconds(1));
             Neo4jClient watcher = new Neo4jClient(STORES.neo4jUri(), null, null)) {
            ServiceUnavailableException e = assertThrows(ServiceUnavailableException.class, () -> slow.read(SLOW, Map.of()));
            assertTrue(e.getMessage().contains("did not answer within 1 s"), e.getMessage());

            // without a server-side bound the statement would count to two billion for minutes
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (running(watcher)) {
                if (System.nanoTime() > deadline) {
                    fail("the abandoned statement still runs on the server");
                }
                Thread.sleep(100);
            }
        }
    }

    @Test
    void oneSlowStatementOfAnAnsweringServerOpensNoBreaker() {
        try (Neo4jClient client = new Neo4jClient(STORES.neo4jUri(), null, null, Duration.ofSeconds(1))) {
            assertThrows(ServiceUnavailableException.class, () -> client.read(SLOW.replace("slowNeo4jClientTest", "slowOnce"), Map.of()));
            // everyone else's statements go on at once (before, the breaker opened and refused them all until a trial)
            assertEquals(1, client.read("RETURN 1 AS one", Map.of()).get(0).get("one").asInt());
            assertEquals(0L, client.breaker().opened(), "a slow statement is not an outage");
        }
    }

    @Test
    void aStreamThatReceivesNothingForTooLongFailsInsteadOfHoldingItsThread() throws InterruptedException {
        try (Neo4jClient client = new Neo4jClient(STORES.neo4jUri(), null, null, Duration.ofSeconds(1));
             Neo4jClient watcher = new Neo4jClient(STORES.neo4jUri(), null, null)) {
            client.streamStep = Duration.ofSeconds(1);
            java.util.List<Long> received = new java.util.ArrayList<>();
            client.stream("UNWIND range(1, 3) AS x RETURN x", Map.of(), r -> received.add(r.get("x").asLong()));
            assertEquals(java.util.List.of(1L, 2L, 3L), received, "a stream that answers is read whole");
            ServiceUnavailableException e = assertThrows(ServiceUnavailableException.class, () -> client.stream(
                    SLOW.replace("slowNeo4jClientTest", "slowStream"), Map.of(), r -> { }));
            assertTrue(e.getMessage().contains("sent nothing for 1 s"), e.getMessage());
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (running(watcher, "slowStream")) {
                if (System.nanoTime() > deadline) {
                    fail("the abandoned stream still runs on the server");
                }
                Thread.sleep(100);
            }
        }
    }

    private static boolean running(Neo4jClient client) {
        return running(client, "slowNeo4jClientTest");
    }

    private static boolean running(Neo4jClient client, String marker) {
        return client.read("SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS '" + marker + "' "
                + "AND NOT currentQuery CONTAINS 'SHOW TRANSACTIONS' RETURN count(*) AS n", Map.of()).get(0).get("n").asLong() > 0;
    }
}
