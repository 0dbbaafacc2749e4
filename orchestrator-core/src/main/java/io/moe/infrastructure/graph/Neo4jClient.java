package io.moe.infrastructure.graph;

import io.moe.application.overview.Monitoring;
import io.moe.infrastructure.stores.Outage;
import org.neo4j.driver.AuthToken;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Record;
import org.neo4j.driver.TransactionConfig;
import org.neo4j.driver.async.AsyncSession;
import org.neo4j.driver.async.ResultCursor;
import org.neo4j.driver.exceptions.Neo4jException;
import org.neo4j.driver.exceptions.ServiceUnavailableException;
import org.neo4j.driver.exceptions.SessionExpiredException;

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
 * unreachable or wedged server turns into an error instead of a hang. A statement that got no answer in time or could
 * not reach the server opens the client's breaker ({@link Outage}): then every statement fails at once, and a
 * {@code RETURN 1} of its own, sent in the background every {@link #RETRY_EVERY}, closes it once answered — no request
 * waits for a hung server after the first. Only the adapters of this package use it; the application sees their ports.
 */
public final class Neo4jClient implements AutoCloseable {

    /**
     * How long the circuit breakers of the adapters that answer requests (graph context, semantic cache) stay open
     * after three of four statements failed: meanwhile those fail at once and requests go on without them.
     */
    public static final long BREAKER_OPEN_MILLIS = 5_000;

    /** The time between two trials while the server is not answering. */
    static final Duration RETRY_EVERY = Duration.ofSeconds(2);

    /** The wait for a statement when none is configured. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** The longest a streamed read (a knowledge export, written as the client downloads it) may run on the server. */
    static final Duration MAX_STREAM = Duration.ofMinutes(30);
    /** The longest a streamed read waits for its next record (a batch of records filtered out of many can take a while). */
    static final Duration STREAM_STEP = Duration.ofSeconds(60);

    private final Driver driver;
    private final Duration timeout;
    /** {@link #STREAM_STEP} (shorter in tests). */
    Duration streamStep = STREAM_STEP;
    private final Outage outage;

    public Neo4jClient(String uri, String username, String password) {
        this(uri, username, password, DEFAULT_TIMEOUT);
    }

    public Neo4jClient(String uri, String username, String password, Duration timeout) {
        this.timeout = timeout;
        this.outage = new Outage("Neo4j", RETRY_EVERY, timeout, this::trial, ServiceUnavailableException::new);
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
                .thenCompose(ResultCursor::listAsync), serverBound()));
    }

    /**
     * Runs a reading statement in an auto-commit transaction (one round trip, where a managed read transaction takes
     * three: begin, run, commit) and returns its records.
     */
    public List<Record> read(String cypher, Map<String, Object> parameters) {
        return bounded(cypher, session -> session.runAsync(cypher, parameters, serverBound()).thenCompose(ResultCursor::listAsync));
    }

    /**
     * The same bound on the server's side: a statement this client gave up on is ended there too, instead of running on
     * (and holding a pooled connection) or committing after the caller was told it failed.
     */
    private TransactionConfig serverBound() {
        return TransactionConfig.builder().withTimeout(timeout).build();
    }

    /** The records of {@code work}, or an error once {@link #timeout} has passed without them (the session is then abandoned). */
    private List<Record> bounded(String cypher, Function<AsyncSession, CompletionStage<List<Record>>> work) {
        outage.admit();
        AsyncSession session = driver.session(AsyncSession.class);
        CompletableFuture<List<Record>> records = work.apply(session).toCompletableFuture();
        try {
            List<Record> answered = records.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            outage.answered();
            return answered;
        } catch (TimeoutException e) {
            records.cancel(true);
            throw timedOut(cypher);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Neo4jException n && n.code() != null && n.code().contains("TransactionTimedOut")) {
                throw timedOut(cypher); // the server's end of the same bound (serverBound)
            }
            if (e.getCause() instanceof ServiceUnavailableException || e.getCause() instanceof SessionExpiredException) {
                outage.failed(String.valueOf(e.getCause().getMessage()));
            } else {
                outage.answered(); // a refused statement: the server answered
            }
            throw e.getCause() instanceof RuntimeException cause ? cause : new ServiceUnavailableException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            records.cancel(true);
            throw new ServiceUnavailableException("interrupted while waiting for Neo4j");
        } finally {
            session.closeAsync();
        }
    }

    /**
     * A statement that ran out of {@link #timeout}, on this side or the server's: a 503 for the caller, and an outage only
     * when a trial ({@code RETURN 1}) is not answered either; one slow statement (a scan of a large graph) is no outage.
     */
    private ServiceUnavailableException timedOut(String cypher) {
        outage.slow("no answer within " + timeout.toSeconds() + " s");
        return new ServiceUnavailableException("Neo4j did not answer within " + timeout.toSeconds()
                + " s (moe.neo4j.timeout-seconds): " + firstWords(cypher));
    }

    private static String firstWords(String cypher) {
        String line = cypher.strip().lines().findFirst().orElse("");
        return line.length() > 60 ? line.substring(0, 60) + "…" : line;
    }

    /**
     * Runs a reading statement and hands its records to {@code sink} one at a time as the driver fetches
     * them in batches, so that a result of any size never sits in memory whole. The whole run may take up to
     * {@link #MAX_STREAM}, but each wait for the next record at most {@link #STREAM_STEP} (or the statement timeout, if
     * longer): a server that stops answering midway (hung, or gone without closing the connection) fails the stream
     * instead of holding its thread for as long as the connection lives.
     */
    public void stream(String cypher, Map<String, Object> parameters, Consumer<Record> sink) {
        outage.admit();
        AsyncSession session = driver.session(AsyncSession.class);
        try {
            // auto-commit: a retry would repeat what the sink already wrote; the server ends it after MAX_STREAM
            ResultCursor cursor = next(cypher, session.runAsync(cypher, parameters, TransactionConfig.builder().withTimeout(MAX_STREAM).build()));
            Record record;
            while ((record = next(cypher, cursor.nextAsync())) != null) {
                sink.accept(record);
            }
            outage.answered();
        } finally {
            session.closeAsync();
        }
    }

    /** What {@code step} of a stream gives, waited for at most {@link #STREAM_STEP} (or the statement timeout). */
    private <T> T next(String cypher, CompletionStage<T> step) {
        CompletableFuture<T> waiting = step.toCompletableFuture();
        Duration bound = timeout.compareTo(streamStep) > 0 ? timeout : streamStep;
        try {
            return waiting.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            waiting.cancel(true);
            outage.slow("no record within " + bound.toSeconds() + " s");
            throw new ServiceUnavailableException("Neo4j sent nothing for " + bound.toSeconds() + " s while streaming: " + firstWords(cypher));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ServiceUnavailableException || e.getCause() instanceof SessionExpiredException) {
                outage.failed(String.valueOf(e.getCause().getMessage()));
            }
            throw e.getCause() instanceof RuntimeException cause ? cause : new ServiceUnavailableException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            waiting.cancel(true);
            throw new ServiceUnavailableException("interrupted while waiting for Neo4j");
        }
    }

    /** The breaker that refuses statements while the server does not answer: its state and how often it opened. */
    public Monitoring.Breaker breaker() {
        return outage.breaker();
    }

    /** One {@code RETURN 1}, while the server is not answering: completes when it answered. */
    private CompletionStage<?> trial() {
        AsyncSession session = driver.session(AsyncSession.class);
        return session.runAsync("RETURN 1").thenCompose(ResultCursor::consumeAsync).whenComplete((summary, failure) -> session.closeAsync());
    }

    @Override
    public void close() {
        outage.close();
        driver.close();
    }
}
