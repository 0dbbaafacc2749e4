package io.moe.infrastructure.web;

import redis.clients.jedis.exceptions.JedisException;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;

/** Which failures mean a store could not be reached, for the error mappers of every front door. */
public final class StoreFailures {

    private StoreFailures() {
    }

    /** Whether {@code failure} comes from the counter store (Redis) that could not be asked. */
    public static boolean countersUnreachable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof JedisException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code failure} comes from a database that could not be reached or did not answer in time: a connection
     * failure (SQL state class 08), a transient or recoverable SQL failure, or a socket timeout under a SQL failure.
     */
    public static boolean databaseUnreachable(Throwable failure) {
        boolean sql = false;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLRecoverableException
                    || (t instanceof SQLException e && e.getSQLState() != null && e.getSQLState().startsWith("08"))) {
                return true;
            }
            sql |= t instanceof SQLException;
            if (sql && t instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
