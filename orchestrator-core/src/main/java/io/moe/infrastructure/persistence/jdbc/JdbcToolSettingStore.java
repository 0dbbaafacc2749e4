package io.moe.infrastructure.persistence.jdbc;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.application.tools.ToolSettingStore;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * Tool switches in table {@code tool_setting}, one row per switched tool (an upsert, so concurrent switches
 * of one tool leave one row). Each call uses a connection of its own, in autocommit.
 */
@ApplicationScoped
@BehindDatabaseBreaker
public class JdbcToolSettingStore implements ToolSettingStore {

    @Resource(lookup = "jdbc/moe")
    DataSource db;

    public JdbcToolSettingStore() {
    }

    /** For tests, outside the container. */
    public JdbcToolSettingStore(DataSource db) {
        this.db = db;
    }

    @Override
    public Set<String> disabled() {
        Set<String> names = new HashSet<>();
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("SELECT tool_name FROM tool_setting WHERE is_enabled = 0");
             ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
            return names;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read tool settings: " + e.getMessage(), e);
        }
    }

    @Override
    public void setEnabled(String tool, boolean enabled, String userId) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("INSERT INTO tool_setting (tool_name, is_enabled, updated_by, updated_at)"
                     + " VALUES (?, ?, ?, ?) ON CONFLICT (tool_name) DO UPDATE SET is_enabled = EXCLUDED.is_enabled,"
                     + " updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at")) {
            q.setString(1, tool);
            q.setInt(2, enabled ? 1 : 0);
            q.setString(3, userId);
            q.setTimestamp(4, Timestamp.from(Instant.now()));
            q.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot store the tool setting: " + e.getMessage(), e);
        }
    }
}
