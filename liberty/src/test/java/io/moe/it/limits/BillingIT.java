package io.moe.it.limits;

import io.moe.it.Simulator;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding 5 of the security review: failed work is billed, and a request must fit the budget before it runs. */
class BillingIT {

    @Test
    void aRequestWhoseReservationDoesNotFitTheRemainingBudgetIsRefusedUpFront() {
        String[] user = Callers.newUser();
        assertEquals(200, Admin.put(Admin.USERS + "/" + user[0] + "/budget", "{\"daily_limit\":3000}").statusCode());
        String marker = Callers.marker();
        HttpResponse<String> refused = Callers.chat(user[1], Callers.body(marker + " " + "please consider this. ".repeat(600)));
        assertEquals(429, refused.statusCode(), refused.body());
        assertEquals("budget_exceeded", Callers.errorCode(refused));
        assertTrue(refused.body().contains("are left"), refused.body());
        assertEquals(0, Simulator.callsContaining(marker).size(), "nothing ran");
        assertEquals(200, Callers.chat(user[1], Callers.body("A short question about " + Callers.marker())).statusCode(),
                "a request that fits still runs");
    }

    @Test
    void aRequestThatFailsIsBilledForTheCallsItMadeAndCutOffCallsAtTheirReservation() {
        String[] user = Callers.newUser();
        String marker = Callers.marker();
        String rule = Simulator.addRule(Callers.rule(marker, "expert", Json.createObjectBuilder().add("fault", "no_response").build()));
        String judge = Simulator.addRule(Callers.rule(marker, "judge", Json.createObjectBuilder().add("fault", "http_500").build()));
        try {
            HttpResponse<String> failed = Callers.chat(user[1], Callers.body("Tell me about " + marker));
            assertTrue(failed.statusCode() >= 500, "no expert answered: " + failed.statusCode() + " " + failed.body());
            assertFalse(failed.body().contains("http://") || failed.body().contains("127.0.0.1"),
                    "no internal address reaches the client: " + failed.body());
            JsonObject usage = Callers.usageWhen(user[0], u -> u.getJsonArray("recent").size() == 1);
            JsonObject row = usage.getJsonArray("recent").getJsonObject(0);
            assertEquals("error", row.getString("status"));
            assertTrue(Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                    .anyMatch(c -> c.getString("role").equals("planner")), "the planner answered");
            assertTrue(row.getInt("prompt_tokens") > 0, "the planner's tokens are billed: " + row);
            assertTrue(row.getInt("completion_tokens") >= 1024, "a timed-out expert is billed its max_tokens (1024): " + row);
            assertEquals(row.getInt("total_tokens"), usage.getJsonObject("counters").getInt("daily"), "the counter agrees");
        } finally {
            Simulator.removeRule(rule);
            Simulator.removeRule(judge);
        }
    }
}
