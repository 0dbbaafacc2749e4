package io.moe.application.limits;

import io.moe.application.limits.RequestGate.Pass;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The places this node renews while their requests run: taken again after an outage dropped them, never revived once let go. */
class RequestGateTest {

    private final List<String> calls = new ArrayList<>();
    /** The places the store holds. */
    private final Set<String> stored = new HashSet<>();
    private RequestGate gate;
    private Pass releasedWhileRestored;

    @Test
    void aPlaceDroppedAsStaleIsTakenAgainAndOneLetGoMeanwhileIsGivenBackOnceMore() {
        gate = new RequestGate(new InFlightRequests() {
            @Override
            public boolean renew(String userId, String requestId) {
                calls.add("renew " + requestId);
                return stored.contains(requestId);
            }

            @Override
            public void restore(String userId, String requestId) {
                calls.add("restore " + requestId);
                stored.add(requestId);
                if (releasedWhileRestored != null && releasedWhileRestored.requestId().equals(requestId)) {
                    gate.letGo(releasedWhileRestored); // the request ended, and its release went to the store, meanwhile
                }
            }

            @Override
            public void forget(String userId, String requestId) {
                calls.add("forget " + requestId);
                stored.remove(requestId);
            }

            @Override
            public int running(String userId) {
                return stored.size();
            }
        }, ConfigDefaults.of(RequestLimits.class));
        gate.hold("u1", "kept");
        stored.add("kept");
        gate.hold("u1", "dropped"); // the store dropped it as stale during an outage; the request still runs
        releasedWhileRestored = gate.hold("u1", "ending"); // dropped too, and its request ends while it is taken again

        gate.renewHeld();

        assertEquals(Set.of("kept", "dropped"), stored, "the running requests count again; the ended one does not");
        assertEquals(List.of("forget ending"), calls.stream().filter(c -> c.startsWith("forget")).toList());
        assertEquals(List.of(), calls.stream().filter(c -> c.equals("restore kept")).toList(), "a place still there is only renewed");
    }
}
