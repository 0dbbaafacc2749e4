package io.moe.application.limits;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-user gate: a refusal names the limit and when to retry; a store that is down lets requests through. */
class RequestGateTest {

    /** Places in memory. */
    private static final class MemoryPlaces implements InFlightRequests {
        final Set<String> taken = new HashSet<>();
        boolean down;

        @Override
        public synchronized boolean tryEnter(String userId, String requestId, int limit) {
            if (down) {
                throw new IllegalStateException("store down");
            }
            if (taken.stream().filter(p -> p.startsWith(userId + "|")).count() >= limit) {
                return false;
            }
            return taken.add(userId + "|" + requestId);
        }

        @Override
        public void renew(String userId, String requestId) {
        }

        @Override
        public synchronized void leave(String userId, String requestId) {
            taken.remove(userId + "|" + requestId);
        }

        @Override
        public synchronized int running(String userId) {
            return (int) taken.stream().filter(p -> p.startsWith(userId + "|")).count();
        }
    }

    private static RequestGate gate(MemoryPlaces places) {
        RequestGate gate = new RequestGate();
        gate.inFlight = places;
        gate.limits = ConfigDefaults.of(RequestLimits.class);
        return gate;
    }

    @Test
    void beyondTheLimitARequestIsRefusedWithWhenToRetryAndALeavingRequestFreesItsPlace() {
        MemoryPlaces places = new MemoryPlaces();
        RequestGate gate = gate(places);
        RequestGate.Pass first = gate.enter("u", "r0");
        for (int i = 1; i < 4; i++) {
            gate.enter("u", "r" + i);
        }
        TooManyRequestsException refused = assertThrows(TooManyRequestsException.class, () -> gate.enter("u", "r4"));
        assertTrue(refused.getMessage().contains("moe.limits.concurrent-requests-per-user"), refused.getMessage());
        assertEquals(RequestGate.RETRY_AFTER_SECONDS, refused.retryAfterSeconds());
        gate.leave(first);
        assertTrue(gate.enter("u", "r4").counted());
    }

    @Test
    void whenThePlacesCannotBeCountedTheRequestIsAdmittedUncounted() {
        MemoryPlaces places = new MemoryPlaces();
        places.down = true;
        RequestGate.Pass pass = gate(places).enter("u", "r");
        assertFalse(pass.counted());
        gate(places).leave(pass); // nothing to give back, and no failure
    }
}
