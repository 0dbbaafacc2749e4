package io.moe.infrastructure.persistence.jdbc;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.application.tools.ToolCase;
import io.moe.application.tools.ToolCaseStore;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Tool cases in table {@code tool_case} (V10); each call uses a connection of its own, in autocommit. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JdbcToolCaseStore implements ToolCaseStore {

    private static final String COLUMNS = "id, name, tool_name, args_json, expect_ok, expected_text, created_at";

    @Resource(lookup = "jdbc/moe")
    DataSource db;

    @Override
    public List<ToolCase> all() {
        return query("SELECT " + COLUMNS + " FROM tool_case ORDER BY name", null);
    }

    @Override
    public Optional<ToolCase> withName(String name) {
        return query("SELECT " + COLUMNS + " FROM tool_case WHERE name = ?", name).stream().findFirst();
    }

    @Override
    public void add(ToolCase c) {
        try (Connection connection = db.getConnection();
             PreparedStatement q = connection.prepareStatement("INSERT INTO tool_case (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            q.setString(1, c.id());
            q.setString(2, c.name());
            q.setString(3, c.tool());
            q.setString(4, c.argsJson());
            q.setInt(5, c.expectOk() ? 1 : 0);
            q.setString(6, c.expectedText());
            q.setTimestamp(7, Timestamp.from(c.createdAt()));
            q.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot store the tool case: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean remove(String id) {
        try (Connection connection = db.getConnection();
             PreparedStatement q = connection.prepareStatement("DELETE FROM tool_case WHERE id = ?")) {
            q.setString(1, id);
            return q.executeUpdate() > 0;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot delete the tool case: " + e.getMessage(), e);
        }
    }

    private List<ToolCase> query(String sql, String parameter) {
        try (Connection connection = db.getConnection(); PreparedStatement q = connection.prepareStatement(sql)) {
            if (parameter != null) {
                q.setString(1, parameter);
            }
            List<ToolCase> cases = new ArrayList<>();
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    cases.add(new ToolCase(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5) == 1,
                            rs.getString(6), rs.getTimestamp(7).toInstant()));
                }
            }
            return cases;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the tool cases: " + e.getMessage(), e);
        }
    }
}
