package io.moe.infrastructure.kafka;

import io.moe.application.events.EventRefusedException;
import io.moe.application.events.EventBroker;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes JSON events to Kafka topics. Sends are asynchronous and idempotent; a broker that is down
 * fails the returned future after {@code delivery.timeout.ms} instead of blocking the caller.
 */
public final class EventPublisher implements EventBroker, AutoCloseable {

    private static final int DELIVERY_TIMEOUT_MS = 30_000;

    static final long RETENTION_MS = java.time.Duration.ofDays(7).toMillis();
    /** The spec's 512 MB a topic keeps; Kafka bounds each partition by {@code retention.bytes}, so it is shared out. */
    static final long RETENTION_BYTES = 512L * 1024 * 1024;
    private static final long ADMIN_TIMEOUT_SECONDS = 5;

    private final KafkaProducer<String, String> producer;
    private final String bootstrapServers;
    private final int partitions;

    /** 7 days, and 512 MB for the topic as a whole: each of its {@code partitionCount} partitions keeps its share. */
    static Map<String, String> retention(int partitionCount) {
        return Map.of(TopicConfig.RETENTION_MS_CONFIG, Long.toString(RETENTION_MS),
                TopicConfig.RETENTION_BYTES_CONFIG, Long.toString(RETENTION_BYTES / partitionCount));
    }

    /**
     * @param partitions how many partitions each topic has at least, so that the consumers of a group (one per
     *                   node) share the work; a topic created with fewer is grown to it
     */
    public EventPublisher(String bootstrapServers, int partitions) {
        if (partitions < 1 || partitions > 1000) {
            throw new IllegalArgumentException("moe.kafka.topic-partitions must be from 1 to 1000, not " + partitions);
        }
        this.bootstrapServers = bootstrapServers;
        this.partitions = partitions;
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "moe-orchestrator");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        // A send waits at most this long for the broker's metadata; callers never wait (EventOutbox hands sends to a thread of its own).
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, DELIVERY_TIMEOUT_MS);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        this.producer = KafkaClassLoader.create(() -> new KafkaProducer<>(p));
    }

    @Override
    public void ensureTopics(List<String> topics) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(ADMIN_TIMEOUT_SECONDS));
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(ADMIN_TIMEOUT_SECONDS));
        try (Admin admin = KafkaClassLoader.create(() -> Admin.create(p))) {
            Map<String, String> retention = retention(partitions);
            Set<String> existing = admin.listTopics().names().get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            List<NewTopic> missing = topics.stream().filter(t -> !existing.contains(t))
                    .map(t -> new NewTopic(t, Optional.of(partitions), Optional.empty()).configs(retention)).toList();
            if (!missing.isEmpty()) {
                admin.createTopics(missing).values().values().forEach(created -> await(created, TopicExistsException.class));
            }
            Map<String, NewPartitions> grow = new HashMap<>();
            Map<String, Integer> partitionsOf = new HashMap<>();
            for (TopicDescription topic : admin.describeTopics(topics).allTopicNames().get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS).values()) {
                if (topic.partitions().size() < partitions) {
                    grow.put(topic.name(), NewPartitions.increaseTo(partitions));
                }
                partitionsOf.put(topic.name(), Math.max(partitions, topic.partitions().size()));
            }
            if (!grow.isEmpty()) {
                admin.createPartitions(grow).values().values().forEach(grown -> await(grown, InvalidPartitionsException.class));
            }
            Map<ConfigResource, Collection<AlterConfigOp>> settings = new HashMap<>();
            for (String topic : topics) {
                settings.put(new ConfigResource(ConfigResource.Type.TOPIC, topic), retention(partitionsOf.getOrDefault(topic, partitions))
                        .entrySet().stream()
                        .map(e -> new AlterConfigOp(new ConfigEntry(e.getKey(), e.getValue()), AlterConfigOp.OpType.SET)).toList());
            }
            admin.incrementalAlterConfigs(settings).all().get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the event topics", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the event topics could not be created or configured: " + e.getMessage(), e);
        }
    }

    /** Waits for {@code future}; a failure of type {@code harmless} (e.g. the topic exists already) is ignored. */
    private static void await(KafkaFuture<Void> future, Class<? extends Throwable> harmless) {
        try {
            future.get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!harmless.isInstance(e.getCause())) {
                throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no answer from the broker within " + ADMIN_TIMEOUT_SECONDS + " s", e);
        }
    }

    /**
     * Sends {@code json} to {@code topic}, keyed by {@code key}; completes when the broker acknowledged it, or with an
     * {@link EventRefusedException} when the event can never be taken (larger than the producer's or broker's record size).
     */
    @Override
    public CompletableFuture<RecordMetadata> publish(String topic, String key, String json) {
        CompletableFuture<RecordMetadata> sent = new CompletableFuture<>();
        producer.send(new ProducerRecord<>(topic, key, json), (metadata, failure) -> {
            if (failure instanceof RecordTooLargeException | failure instanceof InvalidRecordException) {
                sent.completeExceptionally(new EventRefusedException("the broker refuses this event of " + json.length()
                        + " characters for " + topic + ": " + failure.getMessage(), failure));
            } else if (failure != null) {
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
