package io.moe.interfaces.openai;

import io.moe.domain.chat.TokenUsage;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The tokens a native answer is counted with: the server's top-level usage wherever it stands, else an estimate. */
class NativeCompletionsTest {

    private static final JsonArray MESSAGES = Json.createArrayBuilder()
            .add(Json.createObjectBuilder().add("role", "user").add("content", "x".repeat(100))).build();

    @Test
    void theTopLevelUsageIsReadWhereverItStandsAndNotOneNestedInTheAnswer() {
        String after = "{\"id\":\"c1\",\"choices\":[{\"message\":{\"content\":\"hi\",\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}}],"
                + "\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":3,\"total_tokens\":15}}";
        String before = "{\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":2},\"choices\":[{\"message\":{\"content\":\"hi\"}}]}";
        assertEquals(new TokenUsage(12, 3), NativeCompletions.read(after, MESSAGES).usage());
        assertEquals(new TokenUsage(7, 2), NativeCompletions.read(before, MESSAGES).usage());
    }

    @Test
    void theFirstChoicesAnswerIsReadForTheAuditEventItsBeginningAndItsLength() {
        String body = "{\"choices\":[{\"message\":{\"content\":\"" + "z".repeat(1000) + "\"}},{\"message\":{\"content\":\"other\"}}]}";
        AnswerBeginning answer = NativeCompletions.read(body, MESSAGES).answer();
        assertEquals(1000, answer.length());
        assertEquals("z".repeat(io.moe.application.routing.NativeChat.SNIPPET), answer.text());
        assertEquals("second", NativeCompletions.lastUserText(Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("role", "user").add("content", "first"))
                .add(Json.createObjectBuilder().add("role", "assistant").add("content", "reply"))
                .add(Json.createObjectBuilder().add("role", "user").add("content", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("type", "text").add("text", "second")))).build()));
    }

    @Test
    void withoutAUsableUsageTheTokensAreEstimatedFromTheCharacters() {
        String none = "{\"choices\":[{\"message\":{\"content\":\"" + "y".repeat(400) + "\"}}]}";
        long prompt = MESSAGES.toString().length() / 4;
        assertEquals(new TokenUsage(prompt, none.length() / 4), NativeCompletions.read(none, MESSAGES).usage());
        for (String body : new String[] {"{\"usage\":", "{\"usage\":{}}", "[]", "{\"usage\":{\"prompt_tokens\":\"many\"}}"}) {
            assertEquals(new TokenUsage(prompt, body.length() / 4), NativeCompletions.read(body, MESSAGES).usage(), body);
        }
    }
}
