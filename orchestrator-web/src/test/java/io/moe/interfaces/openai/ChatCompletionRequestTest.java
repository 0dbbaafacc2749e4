package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.limits.ConfigDefaults;
import io.moe.application.limits.RequestLimits;
import io.moe.domain.mode.Mode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChatCompletionRequestTest {

    static final RequestLimits LIMITS = ConfigDefaults.of(RequestLimits.class);

    @Test
    void readsModeMessagesAndStreamOptions() {
        ChatCompletionRequest r = parse("""
                {"model":"moe-orchestrator-code","stream":true,"stream_options":{"include_usage":true},
                 "messages":[{"role":"system","content":"be brief"},
                             {"role":"user","content":[{"type":"text","text":"what is this?"},
                               {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}}]}]}""");
        assertEquals(Mode.CODE, r.chat().mode());
        assertTrue(r.stream());
        assertTrue(r.includeUsage());
        assertEquals(2, r.chat().messages().size());
        assertEquals("what is this?", r.chat().lastUserText());
        assertEquals(1, r.chat().messages().get(1).imageUrls().size());
    }

    @Test
    void streamAndUsageDefaultToOff() {
        ChatCompletionRequest r = parse("{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertFalse(r.stream());
        assertFalse(r.includeUsage());
    }

    /** As the resource reads a body: the JSON object, its model (a mode id here), then the rest for that mode. */
    private static ChatCompletionRequest parse(String body) {
        var json = ChatCompletionRequest.object(body);
        String model = ChatCompletionRequest.modelId(json);
        return ChatCompletionRequest.parse(LIMITS, json, Mode.fromModelId(model).orElseThrow());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{bad                                                          | invalid_json",
            "[1]                                                           | invalid_json",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}        | missing_model",
            "{\"model\":7,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]} | invalid_type",
            "{\"model\":\"moe-orchestrator\"}                               | missing_messages",
            "{\"model\":\"moe-orchestrator\",\"messages\":\"hi\"}            | invalid_type",
            "{\"model\":\"moe-orchestrator\",\"messages\":[]}                | invalid_value",
            "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\"}]} | missing_content",
            "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"boss\",\"content\":\"x\"}]} | invalid_value",
            "{\"model\":\"moe-orchestrator\",\"stream\":\"yes\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_type",
            "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"image_url\",\"image_url\":{\"url\":\"http://x/y.png\"}}]}]} | invalid_value",
            "{\"model\":\"moe-orchestrator\",\"max_tokens\":-5,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_max_tokens",
            "{\"model\":\"moe-orchestrator\",\"max_tokens\":0,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_max_tokens",
            "{\"model\":\"moe-orchestrator\",\"max_tokens\":1.5,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_max_tokens",
            "{\"model\":\"moe-orchestrator\",\"max_tokens\":1e999999999,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_max_tokens",
            "{\"model\":\"moe-orchestrator\",\"max_tokens\":\"9\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_max_tokens",
            "{\"model\":\"moe-orchestrator\",\"max_completion_tokens\":40000,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_max_tokens",
            "{\"model\":\"moe-orchestrator\",\"max_completion_tokens\":1,\"max_tokens\":10000000,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_max_tokens",
    })
    void rejectsBadRequestsWithA400AndACode(String body, String code) {
        ApiError e = assertThrows(ApiError.class, () -> parse(body.strip()));
        assertEquals(Kind.INVALID, e.kind());
        assertEquals(code, e.code());
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void maxTokensIsReadFromEitherName() {
        assertEquals(300, parse("{\"model\":\"moe-orchestrator\",\"max_tokens\":300,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}").chat().maxTokens());
        assertEquals(77, parse("{\"model\":\"moe-orchestrator\",\"max_completion_tokens\":77,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}").chat().maxTokens());
        assertEquals(0, parse("{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}").chat().maxTokens());
        assertEquals(100, parse("{\"model\":\"moe-orchestrator\",\"max_completion_tokens\":null,\"max_tokens\":100,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}").chat().maxTokens(), "a null newer name leaves the older one");
    }

    @Test
    void tooManyMessagesIsRefusedNamingTheSetting() {
        String one = "{\"role\":\"user\",\"content\":\"x\"}";
        String body = "{\"model\":\"moe-orchestrator\",\"messages\":[" + String.join(",", java.util.Collections.nCopies(LIMITS.maxMessages + 1, one)) + "]}";
        ApiError e = assertThrows(ApiError.class, () -> parse(body));
        assertEquals("too_many_messages", e.code());
        assertTrue(e.getMessage().contains("moe.limits.max-messages"), e.getMessage());
    }

    @Test
    void aSystemTurnTheServiceAddedIsNotCountedAgainstTheClientsMessages() {
        String one = "{\"role\":\"user\",\"content\":\"x\"}";
        String system = "{\"role\":\"system\",\"content\":\"prefix\"}";
        var full = ChatCompletionRequest.object("{\"model\":\"m\",\"messages\":[" + system + ","
                + String.join(",", java.util.Collections.nCopies(LIMITS.maxMessages, one)) + "]}");
        assertEquals(LIMITS.maxMessages + 1, ChatCompletionRequest.parse(LIMITS, full, Mode.AGENT, 1).chat().messages().size(),
                "a messages request's 256 turns and its system prompt");
        ApiError e = assertThrows(ApiError.class, () -> ChatCompletionRequest.parse(LIMITS, full, Mode.AGENT, 0));
        assertTrue(e.getMessage().contains("holds " + (LIMITS.maxMessages + 1) + " messages"), e.getMessage());
    }

    @Test
    void tooMuchTextIs413() {
        String body = "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "a".repeat(LIMITS.maxTextChars + 1) + "\"}]}";
        ApiError e = assertThrows(ApiError.class, () -> parse(body));
        assertEquals(Kind.TOO_LARGE, e.kind());
        assertEquals("too_much_text", e.code());
    }

    @Test
    void tooManyOrTooLargeImagesAre413() {
        String image = "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}}";
        String many = "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":["
                + String.join(",", java.util.Collections.nCopies(LIMITS.maxImages + 1, image)) + "]}]}";
        assertEquals("too_many_images", assertThrows(ApiError.class, () -> parse(many)).code());
        String big = "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,"
                + "A".repeat(LIMITS.maxImageBytes / 3 * 4 + 8) + "\"}}]}]}";
        ApiError e = assertThrows(ApiError.class, () -> parse(big));
        assertEquals(Kind.TOO_LARGE, e.kind());
        assertEquals("image_too_large", e.code());
    }
}
