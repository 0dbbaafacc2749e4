package io.moe.interfaces.health;

import io.moe.application.startup.ApplicationStartup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the schema is migrated and the first admin exists; while it is not, each probe starts one more attempt of
 * the preparation in the background and answers at once with the last attempt's reason.
 */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    @Inject
    ApplicationStartup startup;

    @Override
    public HealthCheckResponse call() {
        String notReady = startup.notReadyBecause();
        return notReady == null ? HealthCheckResponse.up("database")
                : HealthCheckResponse.named("database").down().withData("reason", notReady).build();
    }
}
