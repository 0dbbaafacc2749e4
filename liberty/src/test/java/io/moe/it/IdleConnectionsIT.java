package io.moe.it;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server with nothing to do holds no database connection: its long-lived threads (the database breaker's checker
 * every 2 s, the bounded reads of keys the cache does not hold) give each connection back when their work ends. Read
 * from Liberty's own connection-pool metrics; a connection some thread kept would never be free again.
 */
class IdleConnectionsIT {

    private static final String POOL = "datasource=\"jdbc_moe\"";

    @Test
    void anIdleServerHoldsNoConnection() {
        for (int i = 0; i < 6; i++) { // each unknown key is one bounded read, spread over that pool's threads
            String unknown = "moe-sk-" + UUID.randomUUID().toString().replace("-", "") + "0123456789abcdef";
            assertEquals(401, Http.get(ItConfig.orchestratorUrl() + "/v1/models", "Authorization", Http.bearer(unknown)).statusCode());
        }

        String metrics = Metrics.text();
        for (String series : new String[]{"connectionpool_managedConnections", "connectionpool_freeConnections"}) {
            assertTrue(metrics.lines().anyMatch(l -> l.startsWith(series + "{") && l.contains(POOL)),
                    "the pool's " + series + " series is published (without it nothing below could fail)");
        }

        // A leak holds its connection for good; work an earlier test left running (a pipeline branch still waiting for
        // a silent server, a background pass) gives its connection back within the inference timeout of this server.
        Poll.until(IdleConnectionsIT::connectionsInUse, inUse -> inUse == 0, Duration.ofSeconds(90),
                "every pooled connection back in the pool (in use = managed - free)");
    }

    private static long connectionsInUse() {
        String metrics = Metrics.text();
        return Math.round(Metrics.sum(metrics, "connectionpool_managedConnections", POOL)
                - Metrics.sum(metrics, "connectionpool_freeConnections", POOL));
    }
}
