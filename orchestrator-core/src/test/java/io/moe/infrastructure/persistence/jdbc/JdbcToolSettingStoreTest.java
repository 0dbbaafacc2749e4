package io.moe.infrastructure.persistence.jdbc;

import io.moe.application.tools.ToolSettingStore;
import io.moe.infrastructure.persistence.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tool-switch adapter against a real PostgreSQL with the product's schema. */
class JdbcToolSettingStoreTest {

    private static final PGSimpleDataSource db = TestDatabase.migrated();
    private final String tool = "tool-" + UUID.randomUUID();

    @AfterEach
    void removeSetting() throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement("DELETE FROM tool_setting WHERE tool_name = ?")) {
            q.setString(1, tool);
            q.executeUpdate();
        }
    }

    @Test
    void aToolIsEnabledUntilSwitchedOffAndSwitchingAgainKeepsOneRow() throws SQLException {
        ToolSettingStore store = new JdbcToolSettingStore(db);
        assertFalse(store.disabled().contains(tool), "a tool nobody switched is enabled");

        store.setEnabled(tool, false, null);
        assertTrue(store.disabled().contains(tool));

        store.setEnabled(tool, true, null);
        assertFalse(store.disabled().contains(tool));
        assertEquals(1, rows(tool), "an upsert, not a second row");
    }

    @Test
    void anUnreachableDatabaseIsAnIllegalStateWithTheReason() {
        PGSimpleDataSource closed = new PGSimpleDataSource();
        closed.setUrl("jdbc:postgresql://127.0.0.1:1/none?connectTimeout=2");
        ToolSettingStore store = new JdbcToolSettingStore(closed);

        IllegalStateException e = assertThrows(IllegalStateException.class, store::disabled);
        assertTrue(e.getMessage().startsWith("cannot read tool settings: "), e.getMessage());
        assertThrows(IllegalStateException.class, () -> store.setEnabled(tool, false, null));
    }

    private static int rows(String tool) throws SQLException {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("SELECT count(*) FROM tool_setting WHERE tool_name = ?")) {
            q.setString(1, tool);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
