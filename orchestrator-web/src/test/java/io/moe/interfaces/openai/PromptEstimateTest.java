package io.moe.interfaces.openai;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An image costs its tokens, not its base64's characters. */
class PromptEstimateTest {

    @Test
    void anImageIsCountedAsAnImageAndTextAtFourCharactersAToken() {
        String screenshot = "data:image/png;base64," + "A".repeat(400_000);
        JsonArray withImage = Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content",
                Json.createArrayBuilder().add(Json.createObjectBuilder().add("type", "text").add("text", "What is on the screen?"))
                        .add(Json.createObjectBuilder().add("type", "image_url").add("image_url", Json.createObjectBuilder().add("url", screenshot))))).build();
        long tokens = PromptEstimate.tokens(withImage);
        assertTrue(tokens >= PromptEstimate.IMAGE_TOKENS && tokens < PromptEstimate.IMAGE_TOKENS + 100,
                "a 400 KB screenshot is one image, not 100,000 tokens: " + tokens);
        JsonArray text = Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", "x".repeat(4_000))).build();
        assertEquals(text.toString().length() / 4, PromptEstimate.tokens(text));
    }
}
