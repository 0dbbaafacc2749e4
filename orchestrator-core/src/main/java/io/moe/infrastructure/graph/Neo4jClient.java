package io.moe.infrastructure.graph;

import org.neo4j.driver.AuthToken;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Record;
import org.neo4j.driver.Result;
import org.neo4j.driver.Session;
import org.neo4j.driver.async.AsyncSession;
import org.neo4j.driver.async.ResultCursor;
import org.neo4j.driver.exceptions.ServiceUnavailableException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The connection the Neo4j adapters share: runs parameterised Cypher over Bolt. Queries are always sent
 * with their parameters separate from the text, never built by string concatenation. Connection attempts
 * are bounded, and so is the wait for every {@link #read} and {@link #write} ({@code moe.neo4j.timeout-seconds}):
 * the caller gets an error when the server does not answer in time, whatever the connection does, so an
 * unreachable or wedged server turns into an error instead of a hang. Only the adapters
 * of this package use it; the application sees their ports.
 */
public final class Neo4jClient implements AutoCloseable {

    /**
     * How long the circuit breakers of the adapters that answer requests (graph context, semantic cache) stay open
     * after three of four statements failed: meanwhile those fail at once and requests go on without them.
     */
    public static final long BREAKER_OPEN_MILLIS = 5_000;

    /** The wait for a statement when none is configured. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    private final Driver driver;
    private final Duration timeout;

    public Neo4jClient(String uri, String username, String password) {
        this(uri, username, password, DEFAULT_TIMEOUT);
    }

    public Neo4jClient(String uri, String username, String password, Duration timeout) {
        this.timeout = timeout;
        AuthToken auth = username == null || username.isBlank() ? AuthTokens.none() : AuthTokens.basic(username, password);
        this.driver = GraphDatabase.driver(uri, auth, Config.builder()
                .withConnectionTimeout(10, TimeUnit.SECONDS)
                .withConnectionAcquisitionTimeout(20, TimeUnit.SECONDS)
                .withMaxConnectionPoolSize(20)
                .build());
    }

    /** Runs a writing statement in a write transaction and returns its records. */
    public List<Record> write(String cypher, Map<String, Object> parameters) {
        return bounded(cypher, session -> session.executeWriteAsync(tx -> tx.runAsync(cypher, parameters)
                .thenCompose(ResultCursor::listAsync)));
    }

    /**
     * Runs a reading statement in an auto-commit transaction (one round trip, where a managed read transaction takes
     * three: begin, run, commit) and returns its records.
     */
    public List<Record> read(String cypher, Map<String, Object> parameters) {
        return bounded(cypher, session -> session.runAsync(cypher, parameters).thenCompose(ResultCursor::listAsync));
    }

    /** The records of {@code work}, or an error once {@link #timeout} has passed without them (the session is then abandoned). */
    private List<Record> bounded(String cypher, Function<AsyncSession, CompletionStage<List<Record>>> work) {
        AsyncSession session = driver.session(AsyncSession.class);
        CompletableFuture<List<Record>> records = work.apply(session).toCompletableFuture();
        try {
            return records.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            records.cancel(true);
            throw new ServiceUnavailableException("Neo4j did not answer within " + timeout.toSeconds()
                    + " s (moe.neo4j.timeout-seconds): " + firstWords(cypher));
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : new ServiceUnavailableException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            records.cancel(true);
            throw new ServiceUnavailableException("interrupted while waiting for Neo4j");
        } finally {
            session.closeAsync();
        }
    }

    private static String firstWords(String cypher) {
        String line = cypher.strip().lines().findFirst().orElse("");
        return line.length() > 60 ? line.substring(0, 60) + "…" : line;
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
