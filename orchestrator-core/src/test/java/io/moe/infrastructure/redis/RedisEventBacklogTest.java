package io.moe.infrastructure.redis;

import io.moe.application.events.EventBacklog.KeptEvent;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The event backlog against a real Redis: oldest out first, put back in front, bounded. */
class RedisEventBacklogTest {

    private static RedisEventBacklog backlog() {
        RedisEventBacklog backlog = new RedisEventBacklog();
        backlog.redis = TestRedis.store();
        return backlog;
    }

    private static KeptEvent event() {
        String id = UUID.randomUUID().toString();
        return new KeptEvent("moe.test", id, Json.createObjectBuilder().add("id", id).add("n", 1).build());
    }

    private static void drain(RedisEventBacklog backlog) {
        while (backlog.takeOldest().isPresent()) {
            // the test Redis's backlog starts empty for this test
        }
    }

    @Test
    void eventsComeOutOldestFirstAndATakenOneCanBePutBackInFront() {
        RedisEventBacklog backlog = backlog();
        drain(backlog);
        KeptEvent first = event();
        KeptEvent second = event();
        backlog.keep(first, 100);
        backlog.keep(second, 100);
        KeptEvent taken = backlog.takeOldest().orElseThrow();
        assertEquals(first, taken);
        backlog.putBack(taken);
        assertEquals(Optional.of(first), backlog.takeOldest());
        assertEquals(Optional.of(second), backlog.takeOldest());
        assertTrue(backlog.takeOldest().isEmpty());
    }

    @Test
    void beyondTheBoundTheOldestEventsAreDropped() {
        RedisEventBacklog backlog = backlog();
        drain(backlog);
        KeptEvent first = event();
        KeptEvent second = event();
        KeptEvent third = event();
        backlog.keep(first, 2);
        backlog.keep(second, 2);
        backlog.keep(third, 2);
        assertEquals(Optional.of(second), backlog.takeOldest());
        assertEquals(Optional.of(third), backlog.takeOldest());
        assertTrue(backlog.takeOldest().isEmpty());
    }
}
