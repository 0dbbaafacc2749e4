package io.moe.application.identity;

import io.moe.infrastructure.persistence.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** When keys were last used, written in batches against a real PostgreSQL by nodes that may flush in any order. */
class KeyUsageTrackerTest {

    private static final PGSimpleDataSource db = TestDatabase.migrated();
    private final String user = UUID.randomUUID().toString().replace("-", "");
    private final String key = UUID.randomUUID().toString().replace("-", "");

    @AfterEach
    void removeUser() throws SQLException {
        update("DELETE FROM users WHERE id = ?", user);
    }

    @Test
    void aNodeFlushingAnOlderUseDoesNotMoveTheLastUseBack() throws SQLException {
        update("INSERT INTO users (id, username, email, hashed_password, created_at, updated_at) VALUES (?, ?, ?, 'x', now(), now())",
                user, "u-" + user, user + "@example.org");
        update("INSERT INTO api_key (id, user_id, key_hash, key_prefix, created_at) VALUES (?, ?, ?, 'moe-sk-', now())",
                key, user, (user + user).substring(0, 64));
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        KeyUsageTracker early = tracker();
        early.used(key, now.minusSeconds(20)); // a use on one node, not yet written
        KeyUsageTracker late = tracker();
        late.used(key, now); // a later use on another node, written first
        late.flush();
        assertEquals(now, lastUsed().orElseThrow());
        early.flush();
        assertEquals(now, lastUsed().orElseThrow(), "the later use stays");
    }

    private static KeyUsageTracker tracker() {
        KeyUsageTracker tracker = new KeyUsageTracker();
        tracker.db = db;
        return tracker;
    }

    private java.util.Optional<Instant> lastUsed() throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement("SELECT last_used_at FROM api_key WHERE id = ?")) {
            q.setString(1, key);
            try (ResultSet r = q.executeQuery()) {
                r.next();
                Timestamp t = r.getTimestamp(1);
                return java.util.Optional.ofNullable(t).map(x -> x.toInstant().truncatedTo(ChronoUnit.MICROS));
            }
        }
    }

    private static void update(String sql, String... values) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                q.setString(i + 1, values[i]);
            }
            q.executeUpdate();
        }
    }
}
