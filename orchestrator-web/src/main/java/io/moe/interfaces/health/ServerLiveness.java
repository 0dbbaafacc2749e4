package io.moe.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Alive while the orchestrator application answers at all; the container restarts it otherwise. */
@Liveness
@ApplicationScoped
public class ServerLiveness implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.up("orchestrator");
    }
}
