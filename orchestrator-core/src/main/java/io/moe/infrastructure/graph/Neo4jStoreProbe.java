package io.moe.infrastructure.graph;

import io.moe.application.overview.Monitoring;
import io.moe.application.overview.StoreProbe;
import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;
import java.util.Optional;

/** Runs {@code RETURN 1} on Neo4j over Bolt. */
@ApplicationScoped
public class Neo4jStoreProbe implements StoreProbe {

    @Inject
    Neo4jClient neo4j;

    @Override
    public String store() {
        return "Neo4j";
    }

    @Override
    public StoreState check() {
        return StoreState.measure(store(), () -> neo4j.read("RETURN 1", Map.of()));
    }

    @Override
    public Optional<Monitoring.Breaker> breaker() {
        return Optional.of(neo4j.breaker());
    }
}
