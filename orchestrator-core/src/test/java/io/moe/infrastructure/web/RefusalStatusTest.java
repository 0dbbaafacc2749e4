package io.moe.infrastructure.web;

import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every kind of refusal has its own HTTP status, and the container's statuses map back to the same kinds. */
class RefusalStatusTest {

    @Test
    void eachKindHasItsOwnStatusAndMapsBack() {
        Set<Integer> seen = new HashSet<>();
        for (Kind kind : Kind.values()) {
            int status = RefusalStatus.of(kind);
            assertTrue(seen.add(status), kind + " shares status " + status);
            assertEquals(kind, RefusalStatus.kindOf(status));
        }
    }

    @Test
    void clientMistakesAre4xxAndFailuresOfThisServiceOrUpstream5xx() {
        assertEquals(400, RefusalStatus.of(Kind.INVALID));
        assertEquals(429, RefusalStatus.of(Kind.TOO_MANY));
        assertEquals(502, RefusalStatus.of(Kind.UPSTREAM_FAILED));
        assertEquals(Kind.INVALID, RefusalStatus.kindOf(418), "an unknown 4xx is the client's");
        assertEquals(Kind.FAILED, RefusalStatus.kindOf(599), "an unknown 5xx is ours");
    }

    @Test
    void everyRefusalOfA503SaysWhenToRetryOnEveryPort() {
        io.moe.domain.shared.Refusal down = new io.moe.domain.shared.Refusal(Kind.UNAVAILABLE, "database_unavailable", null, "down") { };
        assertEquals(RefusalStatus.UNAVAILABLE_RETRY_SECONDS, RefusalStatus.retryAfter(down, RefusalStatus.of(down)));
        io.moe.domain.shared.Refusal busy = new io.moe.domain.shared.Refusal(Kind.TOO_MANY, "too_many_requests", null, "busy", 30, null) { };
        assertEquals(30, RefusalStatus.retryAfter(busy, RefusalStatus.of(busy)), "a refusal that names its wait keeps it");
        io.moe.domain.shared.Refusal bad = new io.moe.domain.shared.Refusal(Kind.INVALID, "invalid_field", "x", "bad") { };
        assertEquals(0, RefusalStatus.retryAfter(bad, RefusalStatus.of(bad)), "asking again does not help a 400");
    }
}
