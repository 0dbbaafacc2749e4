package io.moe.infrastructure.persistence;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Migration V19 against a database of version 18 holding grants: every user who could call models directly (a
 * model_endpoint grant) keeps that with the moe_mode grant native, once; nobody else gets it.
 */
class NativeGrantMigrationTest {

    private static Flyway flyway(PGSimpleDataSource db, String schema, String target) {
        var config = Flyway.configure(NativeGrantMigrationTest.class.getClassLoader()).dataSource(db).schemas(schema)
                .locations("classpath:db/migration");
        return (target == null ? config : config.target(target)).load();
    }

    @Test
    void everyoneWhoCouldCallModelsDirectlyKeepsItAfterTheUpgrade() throws SQLException {
        PGSimpleDataSource db = TestDatabase.migrated();
        String schema = "v19_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        flyway(db, schema, "18").migrate();
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.execute("SET search_path TO " + schema);
            for (String user : List.of("direct", "already", "modes")) {
                st.execute("INSERT INTO users (id, username, email, hashed_password, created_at, updated_at) VALUES ('" + user
                        + "', '" + user + "', '" + user + "@example.org', 'x', now(), now())");
            }
            st.execute("INSERT INTO permission (id, user_id, resource_type, resource_id, granted_at) VALUES "
                    + "('p1', 'direct', 'model_endpoint', '*@local', now()), ('p2', 'direct', 'model_endpoint', 'm:7b@gpu', now()), "
                    + "('p3', 'already', 'model_endpoint', '*@gpu', now()), ('p4', 'already', 'moe_mode', 'native', now()), "
                    + "('p5', 'modes', 'moe_mode', 'moe_orchestrated', now())");
        }
        try {
            flyway(db, schema, null).migrate();

            List<String> holders = new ArrayList<>();
            try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
                st.execute("SET search_path TO " + schema);
                try (ResultSet rs = st.executeQuery("SELECT user_id FROM permission WHERE resource_type = 'moe_mode' "
                        + "AND resource_id = 'native' ORDER BY user_id")) {
                    while (rs.next()) {
                        holders.add(rs.getString(1));
                    }
                }
            }
            assertEquals(List.of("already", "direct"), holders, "once each, and not for a user with mode grants only");
        } finally {
            try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }
}
