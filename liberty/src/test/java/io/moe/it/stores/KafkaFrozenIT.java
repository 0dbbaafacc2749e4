package io.moe.it.stores;

import io.moe.it.Simulator;
import io.moe.it.identity.Admin;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Kafka frozen (SIGSTOP on the relay the test server reaches the broker through; the broker advertises the relay's port,
 * so every connection of the server goes through it): answers and feedback go on, since publishing never waits for the
 * broker, and after SIGCONT every event of that time arrives — sent late by the producer, or from the outbox's backlog.
 */
class KafkaFrozenIT {

    private static final Path RELAY_PID = Path.of(System.getProperty("moe.it.data-dir", "target/it-data"), "relays", "kafka.pid");

    @Test
    void answersAndFeedbackGoOnWhileKafkaIsFrozenAndTheirEventsArriveAfterwards() throws Exception {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        String marker = "kafkafrozen" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String rule = KafkaAway.longAnswers(marker);
        List<String> ids;
        long relay = Long.parseLong(Files.readString(RELAY_PID).trim());
        signal(relay, "STOP");
        try {
            ids = KafkaAway.answerAndRate(key, marker, List.of("What do blue whales eat", "How do volcanoes form under the sea",
                    "Why does bread rise in a warm oven"), 5);
        } finally {
            signal(relay, "CONT");
            Simulator.removeRule(rule);
        }
        KafkaAway.eventsArrive(user, ids, 5, 90);
    }

    private static void signal(long pid, String signal) throws IOException, InterruptedException {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).inheritIO().start().waitFor(),
                "kill -" + signal + " " + pid);
    }
}
