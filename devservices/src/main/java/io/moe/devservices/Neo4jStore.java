package io.moe.devservices;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Neo4j 5.26 Community inside this JVM with a Bolt connector and no authentication (loopback only),
 * its store in {@code <data>/neo4j}.
 */
final class Neo4jStore implements Store {

    private final Path home;
    private final int port;
    private DatabaseManagementService dbms;

    Neo4jStore(Path data, int port) {
        this.home = data.resolve("neo4j");
        this.port = port;
    }

    @Override
    public String name() {
        return "neo4j";
    }

    @Override
    public String configuredBy() {
        return "MOE_NEO4J_URI";
    }

    @Override
    public void start() throws IOException {
        Files.createDirectories(home);
        dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(GraphDatabaseSettings.pagecache_memory, 64L * 1024 * 1024)
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                // Without these the Bolt server waits 5 s twice on shutdown (stores recipe).
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(1))
                .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ofMillis(100))
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofMillis(100))
                .build();
        dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME).executeTransactionally("RETURN 1");
    }

    @Override
    public Map<String, String> environment() {
        return Map.of("MOE_NEO4J_URI", "bolt://127.0.0.1:" + port);
    }

    @Override
    public void close() {
        if (dbms != null) {
            dbms.shutdown();
        }
    }
}
