package io.moe.infrastructure.persistence.jdbc;

import io.moe.application.cleanup.UsageLogPruning;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/** Usage-log retention on table {@code usage_log}: one bounded DELETE, in autocommit. */
@ApplicationScoped
public class JdbcUsageLogPruning implements UsageLogPruning {

    @Resource(lookup = "jdbc/moe")
    DataSource db;

    @Override
    public long deleteOlderThan(Instant cutoff, int max) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("DELETE FROM usage_log WHERE id IN "
                     + "(SELECT id FROM usage_log WHERE requested_at < ? ORDER BY requested_at LIMIT ?)")) {
            q.setTimestamp(1, Timestamp.from(cutoff));
            q.setInt(2, max);
            return q.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot delete old usage rows: " + e.getMessage(), e);
        }
    }
}
