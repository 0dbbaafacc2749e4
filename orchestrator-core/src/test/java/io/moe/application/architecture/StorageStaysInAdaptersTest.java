package io.moe.application.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
        Path application = Path.of("src", "main", "java", "io", "moe", "application");
        List<String> offenders = new ArrayList<>();
        int read = 0;
        try (Stream<Path> files = Files.walk(application)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                read++;
                FORBIDDEN.forEach((needle, what) -> {
                    if (text.contains(needle)) {
                        offenders.add(application.relativize(file) + " holds " + what + " (" + needle + ")");
                    }
                });
            }
        }
        assertTrue(read > 50, "the scan read the application layer (" + read + " files)");
        assertEquals(List.of(), offenders, "move storage code behind a port, into infrastructure/<technology>");
    }
}
