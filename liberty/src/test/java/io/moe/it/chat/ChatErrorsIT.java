package io.moe.it.chat;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Simulator;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad requests, missing keys and failing inference servers: each a clear, OpenAI-shaped error. */
class ChatErrorsIT {

    private static JsonObject error(HttpResponse<String> response) {
        JsonObject error = Http.object(response).getJsonObject("error");
        assertTrue(error.getString("message").length() > 10, "a message a person can act on: " + error);
        assertTrue(error.containsKey("type") && error.containsKey("code"), error.toString());
        return error;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "not json|{\"model\": |invalid_json",
            "empty body||invalid_json",
            "array body|[1,2]|invalid_json",
            "missing model|{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}|missing_model",
            "model not a string|{\"model\":7,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}|invalid_type",
            "missing messages|{\"model\":\"moe-orchestrator\"}|missing_messages",
            "messages not an array|{\"model\":\"moe-orchestrator\",\"messages\":\"hi\"}|invalid_type",
            "no messages|{\"model\":\"moe-orchestrator\",\"messages\":[]}|invalid_value",
            "bad role|{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"king\",\"content\":\"hi\"}]}|invalid_value",
            "content a number|{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":5}]}|invalid_type",
            "stream not boolean|{\"model\":\"moe-orchestrator\",\"stream\":\"yes\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}|invalid_type",
            "remote image url|{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"image_url\",\"image_url\":{\"url\":\"http://x/y.png\"}}]}]}|invalid_value",
            "temperature a word|{\"model\":\"moe-orchestrator\",\"temperature\":\"hot\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}|invalid_value",
            "several choices asked|{\"model\":\"moe-orchestrator\",\"n\":3,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}|invalid_value",
            "JSON mode asked of the pipeline|{\"model\":\"moe-orchestrator\",\"response_format\":{\"type\":\"json_object\"},\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}|unsupported_value"
    })
    void badRequestsAre400WithAReason(String name, String body, String code) {
        HttpResponse<String> response = ChatCompletionsIT.chat(body == null ? "" : body);
        assertEquals(400, response.statusCode(), name + ": " + response.body());
        assertEquals(code, error(response).getString("code"), name);
    }

    @Test
    void anUnknownModelIs404ListingTheIdsTheKeyMayUse() {
        HttpResponse<String> response = ChatCompletionsIT.chat("{\"model\":\"gpt-9\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertEquals(404, response.statusCode(), response.body());
        JsonObject error = error(response);
        assertEquals("model_not_found", error.getString("code"));
        assertTrue(error.getString("message").contains("moe-orchestrator-code"), error.getString("message"));
    }

    @Test
    void aMethodTheRouteDoesNotTakeIs405WithTheMethodsItTakes() {
        HttpResponse<String> response = Http.put(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator", "hi"),
                "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(405, response.statusCode(), response.body());
        assertEquals("method_not_allowed", error(response).getString("code"));
        assertTrue(error(response).getString("message").matches("this route does not take that HTTP method; it takes .*POST.*"), response.body());
        assertTrue(response.headers().firstValue("Allow").orElse("").contains("POST"), "Allow: " + response.headers().map());
    }

    @Test
    void aMissingKeyIs401() {
        HttpResponse<String> response = Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator", "hi"));
        assertEquals(401, response.statusCode());
        assertEquals("missing_api_key", error(response).getString("code"));
    }

    @Test
    void anUnknownKeyIs401() {
        HttpResponse<String> response = Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator", "hi"),
                "Authorization", "Bearer moe-sk-000000000000000000000000000000000000000000000000");
        assertEquals(401, response.statusCode());
        assertEquals("invalid_api_key", error(response).getString("code"));
    }

    @Test
    void anInferenceServerErrorIs502() {
        String marker = io.moe.it.Phrases.marker("fault500");
        String rule = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("contains", marker))
                .add("action", Json.createObjectBuilder().add("fault", "http_500")).build());
        try {
            HttpResponse<String> response = ChatCompletionsIT.chat(ChatCompletionsIT.request("moe-orchestrator", marker));
            assertEquals(502, response.statusCode(), response.body());
            assertEquals("inference_unavailable", error(response).getString("code"));
        } finally {
            Simulator.removeRule(rule);
        }
    }

    @Test
    void aSilentInferenceServerIs504AfterTheConfiguredTimeout() {
        String marker = io.moe.it.Phrases.marker("silent");
        String rule = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("contains", marker))
                .add("action", Json.createObjectBuilder().add("fault", "no_response")).build());
        try {
            HttpResponse<String> response = ChatCompletionsIT.chat(ChatCompletionsIT.request("moe-orchestrator", marker));
            assertEquals(504, response.statusCode(), response.body());
            assertEquals("inference_timeout", error(response).getString("code"));
        } finally {
            Simulator.removeRule(rule);
        }
    }

    @Test
    void aFailureAfterTheStreamBeganIsAnErrorEventThenDone() {
        String marker = io.moe.it.Phrases.marker("streamfault");
        String rule = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("contains", marker))
                .add("action", Json.createObjectBuilder().add("fault", "http_503")).build());
        try {
            String body = Json.createObjectBuilder().add("model", "moe-orchestrator").add("stream", true)
                    .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", marker)))
                    .build().toString();
            HttpResponse<String> response = ChatCompletionsIT.chat(body);
            assertEquals(200, response.statusCode());
            assertTrue(response.body().contains("\"code\":\"inference_unavailable\""), response.body());
            assertTrue(response.body().trim().endsWith("data: [DONE]"), response.body());
        } finally {
            Simulator.removeRule(rule);
        }
    }
}
