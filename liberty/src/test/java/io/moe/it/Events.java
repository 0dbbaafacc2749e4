package io.moe.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;

/** Reads the orchestrator's Kafka events as any consumer of its topics would. */
public final class Events {

    private Events() {
    }

    /** The first event of {@code topic} that matches, waiting up to {@code seconds} for it to be published. */
    public static Optional<JsonObject> find(String topic, Predicate<JsonObject> wanted, int seconds) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, System.getProperty("moe.it.kafka-bootstrap", "127.0.0.1:29092"));
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "it-reader-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(List.of(topic));
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    JsonObject event = Json.createReader(new StringReader(record.value())).readObject();
                    if (wanted.test(event)) {
                        return Optional.of(event);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
