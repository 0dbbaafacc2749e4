package io.moe.infrastructure.kafka;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;

/**
 * Publishes JSON events to Kafka topics. Sends are asynchronous and idempotent; a broker that is down
 * fails the returned future after {@code delivery.timeout.ms} instead of blocking the caller.
 */
public final class EventPublisher implements AutoCloseable {

    private static final int DELIVERY_TIMEOUT_MS = 30_000;

    private final KafkaProducer<String, String> producer;

    public EventPublisher(String bootstrapServers) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "moe-orchestrator");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, DELIVERY_TIMEOUT_MS);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        this.producer = KafkaClassLoader.create(() -> new KafkaProducer<>(p));
    }

    /** Sends {@code json} to {@code topic}, keyed by {@code key}; completes when the broker acknowledged it. */
    public CompletableFuture<RecordMetadata> publish(String topic, String key, String json) {
        CompletableFuture<RecordMetadata> sent = new CompletableFuture<>();
        producer.send(new ProducerRecord<>(topic, key, json), (metadata, failure) -> {
            if (failure != null) {
                sent.completeExceptionally(failure);
            } else {
                sent.complete(metadata);
            }
        });
        return sent;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
