package io.moe.devservices;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cluster is kept across restarts, and the second start finds role and database already there. */
class PostgresRestartTest {

    @Test
    void aRestartKeepsTheDataAndTheServiceAccount() throws Exception {
        Path data = Files.createDirectories(Path.of("target").toAbsolutePath()).resolve("pg-restart-test");
        DevServices.deleteTree(data);
        int port = Ports.free();
        try (PostgresStore first = new PostgresStore(data, port)) {
            first.start();
            sql(first.jdbcUrl(), "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
        }
        assertTrue(Ports.isFree(port), "close stops the server");
        try (PostgresStore second = new PostgresStore(data, port)) {
            second.start();
            try (Connection c = DriverManager.getConnection(second.jdbcUrl(), PostgresStore.USER, PostgresStore.PASSWORD);
                 Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT v FROM kept")) {
                assertTrue(rs.next());
                assertEquals("still here", rs.getString(1));
            }
        } finally {
            DevServices.deleteTree(data);
        }
    }

    private static void sql(String url, String statements) throws Exception {
        try (Connection c = DriverManager.getConnection(url, PostgresStore.USER, PostgresStore.PASSWORD);
             Statement s = c.createStatement()) {
            s.execute(statements);
        }
    }
}
