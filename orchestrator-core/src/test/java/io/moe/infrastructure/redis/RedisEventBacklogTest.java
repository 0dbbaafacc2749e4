package io.moe.infrastructure.redis;

import io.moe.application.events.EventBacklog;
import io.moe.application.events.EventBacklog.KeptEvent;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The event backlog against a real Redis: oldest out first, removed only once sent, bounded without dropping. */
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
        TestRedis.store().delete(RedisEventBacklog.OUTBOX); // the test Redis's backlog starts empty for these tests
    }

    @Test
    void eventsComeOutOldestFirstAndLeaveOnlyWhenSent() {
        RedisEventBacklog backlog = backlog();
        drain(backlog);
        KeptEvent first = event();
        KeptEvent second = event();
        assertTrue(backlog.keep(first, 100));
        assertTrue(backlog.keep(second, 100));
        EventBacklog.Oldest oldest = backlog.oldest().orElseThrow();
        assertEquals(first, oldest.event());
        assertEquals(first, backlog.oldest().orElseThrow().event(), "reading it leaves it there");
        backlog.sent(oldest);
        backlog.sent(oldest); // another node sent it too: nothing more goes
        assertEquals(second, backlog.oldest().orElseThrow().event());
        backlog.sent(backlog.oldest().orElseThrow());
        assertTrue(backlog.oldest().isEmpty());
    }

    @Test
    void anEntryThatCannotBeReadIsDroppedInsteadOfHoldingUpEveryEventBehindIt() {
        RedisEventBacklog backlog = backlog();
        drain(backlog);
        TestRedis.store().eval("return redis.call('LPUSH', KEYS[1], ARGV[1])", java.util.List.of(RedisEventBacklog.OUTBOX),
                java.util.List.of("{\"written by\":\"another version\"}"));
        KeptEvent good = event();
        assertTrue(backlog.keep(good, 100));
        assertEquals(good, backlog.oldest().orElseThrow().event());
        backlog.sent(backlog.oldest().orElseThrow());
        assertTrue(backlog.oldest().isEmpty(), "the unreadable entry is gone too");
    }

    @Test
    void aFullBacklogKeepsWhatItHoldsAndRefusesNewerEvents() {
        RedisEventBacklog backlog = backlog();
        drain(backlog);
        KeptEvent first = event();
        KeptEvent second = event();
        assertTrue(backlog.keep(first, 2));
        assertTrue(backlog.keep(second, 2));
        assertFalse(backlog.keep(event(), 2), "refused, so the caller can say so; nothing older is dropped");
        assertEquals(first, backlog.oldest().orElseThrow().event());
        drain(backlog);
    }
}
