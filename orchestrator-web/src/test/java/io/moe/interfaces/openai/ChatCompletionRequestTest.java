package io.moe.interfaces.openai;

import io.moe.domain.mode.Mode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChatCompletionRequestTest {

    @Test
    void readsModeMessagesAndStreamOptions() {
        ChatCompletionRequest r = ChatCompletionRequest.parse("""
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
        ChatCompletionRequest r = ChatCompletionRequest.parse(
                "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertFalse(r.stream());
        assertFalse(r.includeUsage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{bad                                                          | invalid_json",
            "[1]                                                           | invalid_json",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}        | missing_model",
            "{\"model\":7,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]} | invalid_type",
            "{\"model\":\"gpt-4\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]} | model_not_found",
            "{\"model\":\"moe-orchestrator\"}                               | missing_messages",
            "{\"model\":\"moe-orchestrator\",\"messages\":\"hi\"}            | invalid_type",
            "{\"model\":\"moe-orchestrator\",\"messages\":[]}                | invalid_value",
            "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\"}]} | missing_content",
            "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"boss\",\"content\":\"x\"}]} | invalid_value",
            "{\"model\":\"moe-orchestrator\",\"stream\":\"yes\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} | invalid_type",
            "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"image_url\",\"image_url\":{\"url\":\"http://x/y.png\"}}]}]} | invalid_value",
    })
    void rejectsBadRequestsWithA400AndACode(String body, String code) {
        ApiError e = assertThrows(ApiError.class, () -> ChatCompletionRequest.parse(body.strip()));
        assertEquals(400, e.status());
        assertEquals(code, e.code());
        assertFalse(e.getMessage().isBlank());
    }
}
