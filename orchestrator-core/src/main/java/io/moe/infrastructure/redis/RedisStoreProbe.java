package io.moe.infrastructure.redis;

import io.moe.application.overview.Monitoring;
import io.moe.application.overview.StoreProbe;
import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/** Sends Redis a PING. */
@ApplicationScoped
public class RedisStoreProbe implements StoreProbe {

    @Inject
    RedisStore redis;

    @Override
    public String store() {
        return "Redis";
    }

    @Override
    public StoreState check() {
        return StoreState.measure(store(), () -> {
            if (!redis.ping()) {
                throw new IllegalStateException("PING was not answered with PONG");
            }
        });
    }

    @Override
    public Optional<Monitoring.Breaker> breaker() {
        return Optional.of(redis.breaker());
    }
}
