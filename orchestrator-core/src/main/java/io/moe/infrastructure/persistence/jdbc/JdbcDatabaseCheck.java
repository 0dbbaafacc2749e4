package io.moe.infrastructure.persistence.jdbc;

import io.moe.application.overview.StoreState;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.PersistenceException;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Asks PostgreSQL, through the application's data source, for {@code SELECT 1}: the check of the database's circuit
 * breaker ({@link io.moe.infrastructure.persistence.DatabaseBreaker}), which reports the result to the health page.
 *
 * <p>Plain JDBC on an unshareable connection, which goes back to the pool when it is closed: the breaker's thread lives
 * as long as the server, and a shareable connection would stay with that thread's local transaction all that time.
 * Through JPA, each failed check during an outage (one every 2 s) was also five lines of EclipseLink's warning.
 */
@ApplicationScoped
public class JdbcDatabaseCheck {

    @Resource(lookup = "jdbc/moe", shareable = false)
    DataSource database;

    /** Waits for the answer (at most the statement's socket timeout) and times it. */
    public StoreState check() {
        return StoreState.measure("PostgreSQL", () -> {
            try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute("SELECT 1");
            } catch (SQLException e) {
                throw new PersistenceException(e.getMessage(), e);
            }
        });
    }
}
