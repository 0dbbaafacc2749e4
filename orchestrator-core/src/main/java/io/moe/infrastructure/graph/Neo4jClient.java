package io.moe.infrastructure.graph;

import org.neo4j.driver.AuthToken;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Record;
import org.neo4j.driver.Result;
import org.neo4j.driver.Session;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The connection the Neo4j adapters share: runs parameterised Cypher over Bolt. Queries are always sent
 * with their parameters separate from the text, never built by string concatenation. Connection attempts
 * are bounded, so an unreachable or wedged server turns into an error instead of a hang. Only the adapters
 * of this package use it; the application sees their ports.
 */
public final class Neo4jClient implements AutoCloseable {

    private final Driver driver;

    public Neo4jClient(String uri, String username, String password) {
        AuthToken auth = username == null || username.isBlank() ? AuthTokens.none() : AuthTokens.basic(username, password);
        this.driver = GraphDatabase.driver(uri, auth, Config.builder()
                .withConnectionTimeout(10, TimeUnit.SECONDS)
                .withConnectionAcquisitionTimeout(20, TimeUnit.SECONDS)
                .withMaxConnectionPoolSize(20)
                .build());
    }

    /** Runs a writing statement in a write transaction and returns its records. */
    public List<Record> write(String cypher, Map<String, Object> parameters) {
        try (Session session = driver.session()) {
            return session.executeWrite(tx -> tx.run(cypher, parameters).list());
        }
    }

    /** Runs a reading statement in a read transaction and returns its records. */
    public List<Record> read(String cypher, Map<String, Object> parameters) {
        try (Session session = driver.session()) {
            return session.executeRead(tx -> tx.run(cypher, parameters).list());
        }
    }

    /**
     * Runs a reading statement and hands its records to {@code sink} one at a time as the driver fetches
     * them in batches, so that a result of any size never sits in memory whole.
     */
    public void stream(String cypher, Map<String, Object> parameters, Consumer<Record> sink) {
        try (Session session = driver.session()) {
            Result result = session.run(cypher, parameters); // auto-commit: a retry would repeat what the sink already wrote
            while (result.hasNext()) {
                sink.accept(result.next());
            }
        }
    }

    @Override
    public void close() {
        driver.close();
    }
}
