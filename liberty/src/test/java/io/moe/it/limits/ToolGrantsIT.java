package io.moe.it.limits;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Phrases;
import io.moe.it.Simulator;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding 9 of the security review: the pipeline calls a tool only when the asking user may call it. */
class ToolGrantsIT {

    @Test
    void aToolTaskOfAUserWithoutTheGrantIsSkippedAndRunsOnceGranted() {
        String[] user = Callers.newUser();
        String marker = Callers.marker();
        String plan = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("role", "planner").add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", "```json\n" + Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("task", "Encode the word").add("category", "precision_tools")
                                .add("mcp_tool", "base64_codec").add("mcp_args", Json.createObjectBuilder()
                                        .add("mode", "encode").add("data", "grantcheck")))
                        .build() + "\n```")).build());
        try {
            JsonObject denied = toolOf(ask(user[1], "Encode grantcheck for me " + marker + " " + Phrases.words(4)), user[1]);
            assertEquals("base64_codec", denied.getString("tool"));
            assertFalse(denied.getBoolean("ok"));
            assertTrue(denied.getString("skipped", "").contains("mcp_tool"), denied.toString());
            assertTrue(Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                    .filter(c -> c.getString("role").equals("judge"))
                    .noneMatch(c -> c.getString("user").contains("Z3JhbnRjaGVjaw")), "no tool result reached the judge");

            Admin.grant(user[0], "mcp_tool", "base64_codec");
            JsonObject allowed = toolOf(ask(user[1], "Please base64 the token grantcheck now " + marker + " " + Phrases.words(4)), user[1]);
            assertTrue(allowed.getBoolean("ok"), allowed.toString());
            assertTrue(allowed.getString("result").contains("Z3JhbnRjaGVjaw"), allowed.toString());
        } finally {
            Simulator.removeRule(plan);
        }
    }

    private static String ask(String key, String question) {
        HttpResponse<String> answer = Callers.chat(key, Callers.body(question));
        assertEquals(200, answer.statusCode(), answer.body());
        return Http.object(answer).getString("id");
    }

    /** The first tool entry of the response's trace (polled: the trace is stored after the answer). */
    private static JsonObject toolOf(String responseId, String key) {
        Instant deadline = Instant.now().plusSeconds(20);
        HttpResponse<String> trace;
        do {
            trace = Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + responseId + "/trace", "Authorization", Http.bearer(key));
            if (trace.statusCode() == 200) {
                return Http.object(trace).getJsonArray("tools").getJsonObject(0);
            }
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("no trace for " + responseId + ": " + trace.statusCode() + " " + trace.body());
    }
}
