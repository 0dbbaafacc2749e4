package io.moe.interfaces.messages;

import io.moe.domain.shared.Refusal.Kind;
import io.moe.interfaces.openai.ApiError;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The messages API's error types, and which requests are answered in its shape. */
class MessagesErrorsTest {

    @Test
    void eachKindHasTheMessagesApisType() {
        assertEquals("invalid_request_error", MessagesErrors.type(Kind.INVALID));
        assertEquals("request_too_large", MessagesErrors.type(Kind.TOO_LARGE));
        assertEquals("authentication_error", MessagesErrors.type(Kind.UNAUTHENTICATED));
        assertEquals("rate_limit_error", MessagesErrors.type(Kind.TOO_MANY));
        assertEquals("overloaded_error", MessagesErrors.type(Kind.UNAVAILABLE));
        JsonObject body = MessagesErrors.body(new ApiError(Kind.TOO_LARGE, "request_too_large", "the request body is larger than 8 bytes"));
        assertEquals("error", body.getString("type"));
        assertEquals("request_too_large", body.getJsonObject("error").getString("type"));
        assertEquals("the request body is larger than 8 bytes", body.getJsonObject("error").getString("message"));
    }

    @Test
    void theMessagesRoutesAndTheModelListAskedByACodingClientSpeakTheMessagesShape() {
        assertTrue(MessagesErrors.speaksMessages("/v1/messages", null));
        assertTrue(MessagesErrors.speaksMessages("v1/messages/count_tokens", null));
        assertTrue(MessagesErrors.speaksMessages("/v1/models", "2023-06-01"), "its list is in the messages shape then");
        assertTrue(MessagesErrors.speaksMessages("/v1/models/claude-sonnet-4-5", "2023-06-01"));
        assertFalse(MessagesErrors.speaksMessages("/v1/models", null), "an OpenAI client's model list");
        assertFalse(MessagesErrors.speaksMessages("/v1/chat/completions", "2023-06-01"), "a chat completion stays OpenAI-shaped");
        assertFalse(MessagesErrors.speaksMessages("/v1/messagesx", null));
    }
}
