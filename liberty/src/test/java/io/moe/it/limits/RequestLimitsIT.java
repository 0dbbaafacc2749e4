package io.moe.it.limits;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import io.moe.it.Simulator;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding 4 of the security review: every request is bounded, and each bound answers a clear 4xx. */
class RequestLimitsIT {

    @Test
    void aBodyOverTheSizeLimitIs413BeforeItReachesThePipeline() {
        String marker = Callers.marker();
        String huge = Callers.body(marker + " " + "word ".repeat(2_000_000)); // about 10 MB, the limit is 8 MiB
        HttpResponse<String> refused = Callers.chat(ItConfig.apiKey(), huge);
        assertEquals(413, refused.statusCode(), refused.body());
        assertEquals("request_too_large", Callers.errorCode(refused));
        assertEquals(0, Simulator.callsContaining(marker).size(), "no model was asked");
    }

    @Test
    void aBodyNestedThousandsOfLevelsDeepIs400NotA500() {
        String deep = "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"x\":"
                + "[".repeat(5000) + "]".repeat(5000) + "}";
        HttpResponse<String> refused = Callers.chat(ItConfig.apiKey(), deep);
        assertEquals(400, refused.statusCode(), refused.body());
        assertEquals("json_too_deep", Callers.errorCode(refused));
    }

    @Test
    void aBodyThatIsNotUtf8Is400() throws Exception {
        byte[] body = "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"\u00ff\u00fe\"}]}"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        HttpResponse<String> refused = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(Callers.CHAT))
                .timeout(Duration.ofSeconds(30)).header("Authorization", Http.bearer(ItConfig.apiKey()))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, refused.statusCode(), refused.body());
        assertEquals("invalid_encoding", Callers.errorCode(refused));
    }

    @Test
    void aBodyDeclaredInAnotherCharsetIsRefusedNotMisread() {
        String body = "{\"username\":\"charset" + Callers.marker().replaceAll("[^a-z0-9]", "").substring(0, 8)
                + "\",\"email\":\"c@example.org\",\"password\":\"a-long-password-1\",\"display_name\":\"Zo\u00eb\"}";
        for (String charset : List.of("ISO-8859-1", "x-bogus")) {
            for (String url : List.of(Admin.USERS, ItConfig.orchestratorUrl() + "/v1/chat/completions")) {
                HttpResponse<String> r = Http.post(url, body, "Authorization", Http.bearer(ItConfig.apiKey()),
                        "Content-Type", "application/json; charset=" + charset);
                assertEquals(415, r.statusCode(), charset + " at " + url + ": " + r.body());
                assertTrue(r.body().contains("UTF-8"), r.body());
            }
        }
    }

    @Test
    void aNegativeOrHugeMaxTokensIs400() {
        for (String value : List.of("-5", "0", "1e999999999", "\"many\"", "100000000")) {
            HttpResponse<String> refused = Callers.chat(ItConfig.apiKey(),
                    "{\"model\":\"moe-orchestrator\",\"max_tokens\":" + value + ",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
            assertEquals(400, refused.statusCode(), value + ": " + refused.body());
            assertEquals("invalid_max_tokens", Callers.errorCode(refused));
        }
    }

    @Test
    void everyModelCallCarriesMaxTokensAndTheClientsLimitCapsTheAnswerWriters() {
        String marker = Callers.marker();
        HttpResponse<String> answered = Callers.chat(ItConfig.apiKey(),
                "{\"model\":\"moe-orchestrator\",\"max_tokens\":40,\"messages\":[{\"role\":\"user\",\"content\":\"Explain "
                        + marker + " in detail\"}]}");
        assertEquals(200, answered.statusCode(), answered.body());
        List<JsonObject> calls = Simulator.callsContaining(marker).getValuesAs(JsonObject.class);
        assertFalse(calls.isEmpty(), "the request reached the simulator");
        for (JsonObject call : calls) {
            int max = call.getInt("max_tokens");
            assertTrue(max > 0, "every call is bounded: " + call);
            if (List.of("expert", "judge").contains(call.getString("role"))) {
                assertTrue(max <= 40, "the client's max_tokens caps the answer: " + call);
            }
        }
        assertTrue(calls.stream().anyMatch(c -> c.getString("role").equals("expert")), "an expert answered: " + calls);
    }

    @Test
    void tooManyMessagesIs400NamingTheSetting() {
        String one = "{\"role\":\"user\",\"content\":\"x\"},";
        String body = "{\"model\":\"moe-orchestrator\",\"messages\":[" + one.repeat(300) + "{\"role\":\"user\",\"content\":\"y\"}]}";
        HttpResponse<String> refused = Callers.chat(ItConfig.apiKey(), body);
        assertEquals(400, refused.statusCode(), refused.body());
        assertEquals("too_many_messages", Callers.errorCode(refused));
        assertTrue(refused.body().contains("moe.limits.max-messages"), refused.body());
    }
}
