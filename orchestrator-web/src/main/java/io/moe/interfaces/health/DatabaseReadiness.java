package io.moe.interfaces.health;

import io.moe.application.startup.ApplicationStartup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the schema is migrated and the first admin exists; retries the preparation while it is not. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    @Inject
    ApplicationStartup startup;

    @Override
    public HealthCheckResponse call() {
        try {
            startup.ensureReady();
            return HealthCheckResponse.up("database");
        } catch (RuntimeException e) {
            return HealthCheckResponse.named("database").down().withData("reason", String.valueOf(e.getMessage())).build();
        }
    }
}
