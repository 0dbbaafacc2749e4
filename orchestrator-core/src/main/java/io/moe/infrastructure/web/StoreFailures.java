package io.moe.infrastructure.web;

import io.moe.domain.shared.Failures;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.neo4j.driver.exceptions.ServiceUnavailableException;
import org.neo4j.driver.exceptions.SessionExpiredException;
import redis.clients.jedis.exceptions.JedisException;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Arrays;

/**
 * Which failures mean a store could not be reached, for the error mappers of every front door and the failure page; and
 * whether a failure has a given cause.
 */
public final class StoreFailures {

    /** What a client is told when the knowledge graph cannot be reached. */
    public static final String GRAPH_UNAVAILABLE = "the knowledge graph (Neo4j) is not answering; retry shortly";
    /** What a client is told when a breaker refuses the call. */
    public static final String BREAKER_OPEN = "a service this request needs failed repeatedly and is not asked for a few "
            + "seconds; retry shortly";

    private StoreFailures() {
    }

    /** Whether {@code failure} comes from the counter store (Redis) that could not be asked. */
    public static boolean countersUnreachable(Throwable failure) {
        return causedBy(failure, JedisException.class);
    }

    /**
     * Whether {@code failure} comes from the knowledge graph (Neo4j) that could not be reached, did not answer in time or
     * is refused at once while its breaker is open ({@code Neo4jClient}).
     */
    public static boolean graphUnreachable(Throwable failure) {
        return causedBy(failure, ServiceUnavailableException.class, SessionExpiredException.class);
    }

    /** Whether {@code failure} is a fault-tolerance circuit breaker refusing a call to a service that failed repeatedly. */
    public static boolean breakerOpen(Throwable failure) {
        return causedBy(failure, CircuitBreakerOpenException.class);
    }

    /** Whether {@code failure} or one of its causes is one of {@code types}. */
    @SafeVarargs
    public static boolean causedBy(Throwable failure, Class<? extends Throwable>... types) {
        return Failures.chain(failure).anyMatch(t -> Arrays.stream(types).anyMatch(type -> type.isInstance(t)));
    }

    /**
     * Whether {@code failure} comes from a database that could not be reached or did not answer in time: a connection
     * failure (SQL state class 08), a transient or recoverable SQL failure, or a socket timeout under a SQL failure.
     */
    public static boolean databaseUnreachable(Throwable failure) {
        return Failures.chain(failure).anyMatch(t -> t instanceof SQLTransientConnectionException
                || t instanceof SQLRecoverableException
                || (t instanceof SQLException e && e.getSQLState() != null && e.getSQLState().startsWith("08")))
                || Failures.chain(failure).dropWhile(t -> !(t instanceof SQLException)).anyMatch(SocketTimeoutException.class::isInstance);
    }

    /**
     * Whether the database refused a value it was given (SQL state class 22: a string too long for its column, a NUL
     * character, a number or time out of range): a value some check let through, refused as a whole transaction.
     */
    public static boolean valueRefused(Throwable failure) {
        return Failures.chain(failure).anyMatch(t -> t instanceof SQLException e && e.getSQLState() != null && e.getSQLState().startsWith("22"));
    }

    /**
     * Whether {@code failure} is a foreign key refusing a row (SQL state 23503): what it refers to was removed at the same
     * moment, e.g. a template bound to a user while another admin deleted it.
     */
    public static boolean referenceGone(Throwable failure) {
        return Failures.chain(failure).anyMatch(t -> t instanceof SQLException e && "23503".equals(e.getSQLState()));
    }

    /** Whether {@code failure} is a unique constraint refusing a row (SQL state 23505), e.g. two writes of one name at once. */
    public static boolean duplicateKey(Throwable failure) {
        return Failures.chain(failure).anyMatch(t -> t instanceof SQLException e && "23505".equals(e.getSQLState()));
    }
}
