package io.moe.infrastructure.kafka;

import io.moe.application.overview.StoreState;
import io.moe.devservices.TestStores;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The health of Kafka as /health and the dashboard show it: a broker that answers, not a port that accepts. */
class KafkaStoreProbeTest {

    @Test
    void aRunningBrokerIsUp() {
        StoreState state = probe(TestStores.shared().kafkaBootstrapServers()).check();
        assertTrue(state.up(), "the test Kafka answers ApiVersions: " + state);
    }

    @Test
    void aPortThatAcceptsButNeverAnswersIsDown() throws Exception {
        // what a stopped or hung broker looks like: the kernel still completes the handshake
        try (ServerSocket silent = new ServerSocket()) {
            silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 10);
            StoreState state = probe("127.0.0.1:" + silent.getLocalPort()).check();
            assertFalse(state.up(), "a connection alone is no answer: " + state);
            assertTrue(state.detail().contains("no answer within"), state.detail());
        }
    }

    private static KafkaStoreProbe probe(String servers) {
        KafkaStoreProbe probe = new KafkaStoreProbe();
        probe.bootstrapServers = servers;
        return probe;
    }
}
