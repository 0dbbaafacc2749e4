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
}
