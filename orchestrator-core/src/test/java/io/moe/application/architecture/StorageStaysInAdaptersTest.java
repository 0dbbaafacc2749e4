package io.moe.application.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The application layer talks to ports only: no Redis driver, key name or Lua, no Neo4j driver or Cypher,
 * no JPQL, EntityManager or transaction registry may appear in {@code io.moe.application}. Storage belongs to
 * the adapters in {@code io.moe.infrastructure.<technology>}.
 */
class StorageStaysInAdaptersTest {

    private static final Map<String, String> FORBIDDEN = Map.of(
            "io.moe.infrastructure.redis.RedisStore", "the Redis driver",
            "redis.call(", "a Lua script",
            "\"moe:", "a Redis key name",
            "org.neo4j", "the Neo4j driver",
            "MATCH (", "Cypher",
            "EntityManager", "JPA's EntityManager",
            "createQuery(", "a JPQL query",
            "TransactionSynchronizationRegistry", "the JTA registry");

    @Test
    void noApplicationClassHoldsStorageCode() throws IOException {
        Map<String, String> sources = ApplicationSources.read();
        List<String> offenders = new ArrayList<>();
        sources.forEach((name, text) -> FORBIDDEN.forEach((needle, what) -> {
            if (text.contains(needle)) {
                offenders.add(name + " holds " + what + " (" + needle + ")");
            }
        }));
        assertTrue(sources.size() > 50, "the scan read the application layer (" + sources.size() + " files)");
        assertEquals(List.of(), offenders, "move storage code behind a port, into infrastructure/<technology>");
    }
}
