package io.moe.infrastructure.stores;

import io.moe.devservices.TestStores;
import io.moe.infrastructure.graph.Neo4jClient;
import io.moe.infrastructure.kafka.EventPublisher;
import io.moe.infrastructure.persistence.SchemaMigration;
import io.moe.infrastructure.redis.RedisStore;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** One round trip per store, through the product's own adapters, against real servers. */
class StoreAdaptersTest {

    private static final TestStores STORES = TestStores.shared();

    @Test
    void flywayCreatesTheSchemaAndSqlRoundTrips() throws Exception {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(STORES.jdbcUrl());
        ds.setUser(STORES.dbUser());
        ds.setPassword(STORES.dbPassword());
        String version = SchemaMigration.migrate(ds);
        assertEquals(version, SchemaMigration.migrate(ds), "a second migration changes nothing");

        String id = UUID.randomUUID().toString().replace("-", "");
        String username = "u" + id.substring(0, 8);
        try (Connection c = ds.getConnection()) {
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO users (id, username, email, display_name, hashed_password, is_admin, is_active,"
                            + " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 1, now(), now())")) {
                insert.setString(1, id);
                insert.setString(2, username);
                insert.setString(3, username + "@example.org");
                insert.setString(4, "Test User");
                insert.setString(5, "x");
                assertEquals(1, insert.executeUpdate());
            }
            try (PreparedStatement select = c.prepareStatement("SELECT username FROM users WHERE id = ?")) {
                select.setString(1, id);
                try (ResultSet rs = select.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(username, rs.getString(1));
                }
            }
        }
    }

    @Test
    void redisKeepsAValueWithItsExpiry() {
        try (RedisStore redis = new RedisStore(STORES.redisUrl())) {
            String key = "test:" + UUID.randomUUID();
            redis.put(key, "hello", Duration.ofSeconds(30));
            assertEquals("hello", redis.get(key).orElseThrow());
            long ttl = redis.secondsToLive(key).orElseThrow();
            assertTrue(ttl > 0 && ttl <= 30, "TTL " + ttl);
            String counter = key + ":n";
            assertEquals(5, redis.increment(counter, 5, Duration.ofSeconds(10)));
            assertEquals(12, redis.increment(counter, 7, Duration.ofSeconds(10)));
            assertTrue(redis.secondsToLive(counter).orElseThrow() <= 10);
        }
    }

    @Test
    void kafkaTopicsAreCreatedWithTheSpecsRetentionAndGrownToThePartitionsSet() throws Exception {
        String topic = "moe.test.retention." + UUID.randomUUID();
        try (EventPublisher publisher = new EventPublisher(STORES.kafkaBootstrapServers(), 1)) {
            publisher.ensureTopics(List.of(topic));
        }
        try (EventPublisher publisher = new EventPublisher(STORES.kafkaBootstrapServers(), 3)) {
            publisher.ensureTopics(List.of(topic)); // a later start finds it, sets the same retention and adds partitions
        }
        Properties p = new Properties();
        p.put(org.apache.kafka.clients.admin.AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, STORES.kafkaBootstrapServers());
        try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(p)) {
            var resource = new org.apache.kafka.common.config.ConfigResource(org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
            var config = admin.describeConfigs(List.of(resource)).all().get(60, TimeUnit.SECONDS).get(resource);
            assertEquals(String.valueOf(Duration.ofDays(7).toMillis()), config.get("retention.ms").value());
            assertEquals(String.valueOf(512L * 1024 * 1024 / 3), config.get("retention.bytes").value(),
                    "Kafka bounds each partition: the topic's 512 MB shared by its 3");
            assertEquals(3, admin.describeTopics(List.of(topic)).allTopicNames().get(60, TimeUnit.SECONDS).get(topic).partitions().size(),
                    "partitions, so that the consumers of a group on several nodes share the work");
        }
    }

    @Test
    void kafkaDeliversAPublishedEvent() throws Exception {
        String topic = "moe.test." + UUID.randomUUID();
        String payload = "{\"event\":\"test\",\"at\":\"" + Instant.now() + "\"}";
        try (EventPublisher publisher = new EventPublisher(STORES.kafkaBootstrapServers(), 1)) {
            RecordMetadata sent = publisher.publish(topic, "k1", payload).get(60, TimeUnit.SECONDS);
            assertEquals(topic, sent.topic());
        }
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, STORES.kafkaBootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(List.of(topic));
            Instant deadline = Instant.now().plusSeconds(60);
            while (Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    assertEquals("k1", r.key());
                    assertEquals(payload, r.value());
                    return;
                }
            }
        }
        fail("the published event was not consumed within 60 s");
    }

    @Test
    void neo4jMergeIsIdempotentAndMatchable() {
        try (Neo4jClient graph = new Neo4jClient(STORES.neo4jUri(), null, null)) {
            String run = UUID.randomUUID().toString();
            String merge = "MERGE (a:TestEntity {name: $a, run: $run}) MERGE (b:TestEntity {name: $b, run: $run})"
                    + " MERGE (a)-[:RELATES_TO]->(b)";
            Map<String, Object> params = Map.of("a", "Kafka", "b", "Consumer group", "run", run);
            graph.write(merge, params);
            graph.write(merge, params);
            long nodes = graph.read("MATCH (n:TestEntity {run: $run}) RETURN count(n) AS c", Map.of("run", run))
                    .get(0).get("c").asLong();
            long edges = graph.read("MATCH (:TestEntity {run: $run})-[r:RELATES_TO]->() RETURN count(r) AS c",
                    Map.of("run", run)).get(0).get("c").asLong();
            assertEquals(2, nodes);
            assertEquals(1, edges);
        }
    }
}
