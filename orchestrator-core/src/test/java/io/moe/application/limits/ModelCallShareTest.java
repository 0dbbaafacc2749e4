package io.moe.application.limits;

import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.servers.ApiType;
import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.InferenceServers;
import io.moe.infrastructure.llm.InferenceException;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One user's share of a server's slots: taken, given back, and a wait that ends with the server's timeout. */
class ModelCallShareTest {

    /** Two slots, so a user's share is one place; a timeout of a third of a second. */
    private static final InferenceServer GPU = new InferenceServer("gpu1", URI.create("http://gpu1:11434"), ApiType.OLLAMA,
            Optional.empty(), 2, Duration.ofMillis(300), BigDecimal.ONE);

    private final ModelCallShare share = new ModelCallShare(ConfigDefaults.of(RequestLimits.class), new InferenceServers() {
        @Override
        public Optional<InferenceServer> byName(String name) {
            return GPU.name().equals(name) ? Optional.of(GPU) : Optional.empty();
        }
    });

    @Test
    void aWaitForAPlaceEndsWithTheServersTimeoutAsAnInferenceFailure() {
        ModelCallShare.Place first = share.acquire("alice", "gpu1", new Cancellation());

        InferenceException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(InferenceException.class,
                () -> share.acquire("alice", "gpu1", new Cancellation())), "the wait is bounded");

        assertTrue(e.getMessage().contains("server 'gpu1'") && e.getMessage().contains("moe.limits.model-calls-per-user"), e.getMessage());
        share.acquire("bob", "gpu1", new Cancellation()).release(); // another user's share is untouched
        first.release();
        share.acquire("alice", "gpu1", new Cancellation()).release(); // and the place given back is there again
    }

    @Test
    void theSharesOfUsersWithNoCallRunningOrWaitingAreNotKept() {
        ModelCallShare.Place held = share.acquire("alice", "gpu1", new Cancellation());
        assertThrows(InferenceException.class, () -> share.acquire("alice", "gpu1", new Cancellation()));
        for (int i = 0; i < 100; i++) {
            share.acquire("user-" + i, "gpu1", new Cancellation()).release();
        }
        assertEquals(1, share.keptShares(), "only alice's, whose call still runs");
        held.release();
        assertEquals(0, share.keptShares());
        share.acquire("alice", "gpu1", new Cancellation()).release();
    }
}
