package io.moe.devservices;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Session;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.SetParams;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
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

/** The launcher's servers are real: one round trip each with the stores' own client libraries. */
class StoresRoundTripTest {

    private static final TestStores STORES = TestStores.shared();

    @Test
    void postgresAcceptsTheServiceAccount() throws Exception {
        try (Connection c = DriverManager.getConnection(STORES.jdbcUrl(), STORES.dbUser(), STORES.dbPassword());
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS probe (id int PRIMARY KEY, name text)");
            s.execute("INSERT INTO probe VALUES (1, 'one') ON CONFLICT (id) DO UPDATE SET name = 'one'");
            try (ResultSet rs = s.executeQuery("SELECT name, current_user, version() FROM probe WHERE id = 1")) {
                assertTrue(rs.next());
                assertEquals("one", rs.getString(1));
                assertEquals("moe", rs.getString(2));
                assertTrue(rs.getString(3).startsWith("PostgreSQL 16"), rs.getString(3));
            } finally {
                s.execute("DROP TABLE probe");
            }
        }
    }

    @Test
    void redisExpiresKeys() {
        try (JedisPooled redis = new JedisPooled(URI.create(STORES.redisUrl()))) {
            redis.set("probe", "v", SetParams.setParams().ex(30));
            assertEquals("v", redis.get("probe"));
            long ttl = redis.ttl("probe");
            assertTrue(ttl > 0 && ttl <= 30, "ttl " + ttl);
            redis.del("probe");
        }
    }

    @Test
    void kafkaDeliversARecord() throws Exception {
        String topic = "probe-" + UUID.randomUUID();
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, STORES.kafkaBootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            producer.send(new ProducerRecord<>(topic, "k", "hello")).get(60, TimeUnit.SECONDS);
        }
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, STORES.kafkaBootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "probe");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of(topic));
            Instant deadline = Instant.now().plusSeconds(60);
            while (Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    assertEquals("hello", r.value());
                    return;
                }
            }
        }
        fail("no record within 60 s");
    }

    @Test
    void neo4jAnswersOverBolt() {
        Config config = Config.builder().withConnectionAcquisitionTimeout(30, TimeUnit.SECONDS).build();
        try (Driver driver = GraphDatabase.driver(STORES.neo4jUri(), AuthTokens.none(), config);
             Session session = driver.session()) {
            session.run("MERGE (:Probe {name: $n})", Map.of("n", "a"));
            session.run("MERGE (:Probe {name: $n})", Map.of("n", "a"));
            try {
                assertEquals(1, session.run("MATCH (p:Probe {name: $n}) RETURN count(p) AS c", Map.of("n", "a"))
                        .single().get("c").asLong());
            } finally {
                session.run("MATCH (p:Probe {name: $n}) DETACH DELETE p", Map.of("n", "a")).consume();
            }
        }
    }

    @Test
    void theSimulatorAnswers() throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(STORES.simulatorUrl() + "/v1/models")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
    }
}
