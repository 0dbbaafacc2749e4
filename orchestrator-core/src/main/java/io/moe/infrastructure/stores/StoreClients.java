package io.moe.infrastructure.stores;

import io.moe.infrastructure.graph.Neo4jClient;
import io.moe.infrastructure.kafka.EventPublisher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Optional;

/**
 * Builds one client per store from configuration and closes it when the application stops (Redis: the
 * {@link io.moe.infrastructure.redis.RedisStore} bean itself). The
 * clients connect lazily, so a store that starts later than the server is picked up on first use.
 */
@ApplicationScoped
public class StoreClients {

    @Produces
    @Singleton
    EventPublisher kafka(@ConfigProperty(name = "moe.kafka.bootstrap-servers", defaultValue = "127.0.0.1:19092")
                         String bootstrapServers,
                         @ConfigProperty(name = "moe.kafka.topic-partitions", defaultValue = "3") int partitions) {
        return new EventPublisher(bootstrapServers, partitions);
    }

    void closeKafka(@Disposes EventPublisher kafka) {
        kafka.close();
    }

    @Produces
    @Singleton
    Neo4jClient neo4j(@ConfigProperty(name = "moe.neo4j.uri", defaultValue = "bolt://127.0.0.1:17687") String uri,
                     @ConfigProperty(name = "moe.neo4j.username") Optional<String> username,
                     @ConfigProperty(name = "moe.neo4j.password") Optional<String> password,
                     @ConfigProperty(name = "moe.neo4j.timeout-seconds", defaultValue = "5") int timeoutSeconds) {
        return new Neo4jClient(uri, username.orElse(null), password.orElse(null), Duration.ofSeconds(Math.max(1, timeoutSeconds)));
    }

    void closeNeo4j(@Disposes Neo4jClient neo4j) {
        neo4j.close();
    }
}
