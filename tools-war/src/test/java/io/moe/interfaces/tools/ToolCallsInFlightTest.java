package io.moe.interfaces.tools;

import io.moe.domain.identity.Caller;
import io.moe.infrastructure.web.RefusalStatus;
import io.moe.tools.ToolException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ToolCallsInFlightTest {

    private static ToolCaller user(String id) {
        return new ToolCaller(new Caller(id, id, "k-" + id, false, Map.of(), null));
    }

    private static ToolCallsInFlight cap(int perUser) {
        ToolCallsInFlight inFlight = new ToolCallsInFlight();
        inFlight.perUser = perUser;
        return inFlight;
    }

    @Test
    void aUserPastTheCapIs429WhileOthersAndTheServiceGoOnAndAFinishedCallFreesItsPlace() {
        ToolCallsInFlight inFlight = cap(2);
        List<ToolCallsInFlight.Place> held = new ArrayList<>(List.of(inFlight.enter(user("a")), inFlight.enter(user("a"))));

        ToolException refused = assertThrows(ToolException.class, () -> inFlight.enter(user("a")));
        assertEquals(429, RefusalStatus.of(refused));
        assertEquals("too_many_requests", refused.code());
        assertDoesNotThrow(() -> inFlight.enter(user("b")).close());
        for (int i = 0; i < 10; i++) {
            held.add(inFlight.enter(ToolCaller.service()));
        }

        held.remove(0).close();
        held.add(inFlight.enter(user("a")));
        held.forEach(ToolCallsInFlight.Place::close);
        assertEquals(0, inFlight.users(), "no count is left behind, and a refused call took none");
    }
}
