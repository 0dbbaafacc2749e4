package io.moe.application.limits;

import io.moe.application.limits.RequestGate.Pass;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The places this node renews while their requests run, and the one let go in the middle of a renewal. */
class RequestGateTest {

    private final List<String> calls = new ArrayList<>();
    private RequestGate gate;
    private Pass releasedDuringItsRenewal;

    @Test
    void aPlaceLetGoWhileItWasRenewedIsGivenBackAfterTheRenewal() {
        gate = new RequestGate(new InFlightRequests() {
            @Override
            public void renew(String userId, String requestId) {
                calls.add("renew " + requestId);
                if (releasedDuringItsRenewal != null && releasedDuringItsRenewal.requestId().equals(requestId)) {
                    gate.letGo(releasedDuringItsRenewal); // the request ended, and its release went to the store, meanwhile
                }
            }

            @Override
            public void forget(String userId, String requestId) {
                calls.add("forget " + requestId);
            }

            @Override
            public int running(String userId) {
                return 0;
            }
        }, ConfigDefaults.of(RequestLimits.class));
        gate.hold("u1", "running-on");
        releasedDuringItsRenewal = gate.hold("u1", "ending");

        gate.renewHeld();

        assertEquals(List.of("forget ending"), calls.stream().filter(c -> c.startsWith("forget")).toList(),
                "the renewal may have come after the release: the place is given back once more");
        assertEquals(2, calls.stream().filter(c -> c.startsWith("renew")).count());
        calls.clear();
        gate.renewHeld();
        assertEquals(List.of("renew running-on"), calls, "the place let go is no longer renewed");
    }
}
