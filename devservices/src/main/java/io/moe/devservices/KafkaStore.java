package io.moe.devservices;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * A single-node Kafka KRaft broker (broker and controller in one) inside this JVM, with its log in
 * {@code <data>/kafka}. The controller listens on the broker port + 1.
 */
final class KafkaStore implements Store {

    private final Path logDir;
    private final int port;
    private final int advertisedPort;
    private KafkaRaftServer server;

    /** A broker on {@code port} that tells its clients to connect to {@code advertisedPort} (the same, or a relay's). */
    KafkaStore(Path data, int port, int advertisedPort) {
        this.logDir = data.resolve("kafka");
        this.advertisedPort = advertisedPort;
        this.port = port;
    }

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public String configuredBy() {
        return "MOE_KAFKA_BOOTSTRAP_SERVERS";
    }

    @Override
    public void start() throws IOException {
        Files.createDirectories(logDir);
        Properties p = properties();
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format(p);
        }
        server = new KafkaRaftServer(KafkaConfig.fromProps(p, false), Time.SYSTEM);
        server.startup();
    }

    private Properties properties() {
        int controller = port + 1;
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controller);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controller);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + advertisedPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toAbsolutePath().toString());
        p.put("num.partitions", "1");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("auto.create.topics.enable", "true");
        // The spec's retention: 7 days or 512 MB.
        p.put("log.retention.hours", "168");
        p.put("log.retention.bytes", String.valueOf(512L * 1024 * 1024));
        // 128 MB of heap by default; a local broker needs little (stores recipe).
        p.put("log.cleaner.dedupe.buffer.size", "4194304");
        return p;
    }

    private void format(Properties p) throws IOException {
        Path config = logDir.resolveSibling("kafka-format.properties");
        try (OutputStream out = Files.newOutputStream(config)) {
            p.store(out, "written by devservices to format the KRaft log directory");
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int code = StorageTool.execute(new String[]{"format", "-t", Uuid.randomUuid().toString(), "-c", config.toString()},
                new PrintStream(log, true, StandardCharsets.UTF_8));
        if (code != 0) {
            throw new IOException("formatting the Kafka log directory failed: " + log.toString(StandardCharsets.UTF_8));
        }
    }

    @Override
    public Map<String, String> environment() {
        return Map.of("MOE_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + advertisedPort);
    }

    @Override
    public void close() {
        if (server != null) {
            server.shutdown();
            server.awaitShutdown();
        }
    }
}
