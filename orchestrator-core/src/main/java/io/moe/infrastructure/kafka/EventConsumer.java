package io.moe.infrastructure.kafka;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads one topic as a member of a consumer group. Offsets are committed only after the caller has
 * handled a batch, so a crash re-delivers rather than loses events. Not thread-safe: one thread polls.
 */
public final class EventConsumer implements AutoCloseable {

    private final KafkaConsumer<String, String> consumer;

    public EventConsumer(String bootstrapServers, String group, String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "moe-" + group);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // A batch is handled before the next poll; each record may take a model call of up to two minutes
        // (KnowledgeIngest), so five of them stay within the poll interval, after which the group would drop this member.
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5);
        p.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 15 * 60_000);
        // The topics are made by the publisher with their partitions and retention (EventPublisher.ensureTopics); a
        // consumer that subscribed first must not create one with the broker's defaults, and must notice partitions
        // added later within half a minute, so that the consumers of several nodes share them.
        p.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        p.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, 30_000);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        this.consumer = KafkaClassLoader.create(() -> new KafkaConsumer<String, String>(p));
        consumer.subscribe(List.of(topic));
    }

    /** One record: its value, and where it lies, to commit or read it again. */
    public record Event(String value, TopicPartition partition, long offset) {
    }

    /** The next records, waiting at most {@code timeout}. */
    public List<Event> poll(Duration timeout) {
        List<Event> events = new ArrayList<>();
        for (ConsumerRecord<String, String> record : consumer.poll(timeout)) {
            events.add(new Event(record.value(), new TopicPartition(record.topic(), record.partition()), record.offset()));
        }
        return events;
    }

    /** Marks everything polled so far as handled. */
    public void commit() {
        consumer.commitSync();
    }

    /**
     * Marks the first {@code handled} events of {@code batch} (in the order polled) as handled, and moves back to the
     * others, which the next poll returns again (and a consumer of the group that takes their partition over, too).
     */
    public void handledOnly(List<Event> batch, int handled) {
        Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
        for (Event e : batch.subList(0, handled)) {
            done.merge(e.partition(), new OffsetAndMetadata(e.offset() + 1), (a, b) -> a.offset() >= b.offset() ? a : b);
        }
        if (!done.isEmpty()) {
            consumer.commitSync(done);
        }
        Map<TopicPartition, Long> again = new HashMap<>();
        for (Event e : batch.subList(handled, batch.size())) {
            again.merge(e.partition(), e.offset(), Math::min);
        }
        again.forEach(consumer::seek);
    }

    /** Makes a blocked {@link #poll} return at once; the only method another thread may call. */
    public void wakeup() {
        consumer.wakeup();
    }

    /**
     * Leaves the group (its partitions go to the other members at once, not after the session timeout) and closes. A
     * thread being stopped is interrupted, and Kafka cannot leave a group from an interrupted thread (it logs two errors
     * and stays a member until the timeout), so the interrupt waits until the consumer is closed.
     */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        try {
            consumer.close(Duration.ofSeconds(5));
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
