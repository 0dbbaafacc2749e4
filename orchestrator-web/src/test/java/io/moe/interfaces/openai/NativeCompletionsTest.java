package io.moe.interfaces.openai;

import io.moe.application.limits.ConfigDefaults;
import io.moe.application.limits.RequestLimits;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Jsonp;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The tokens a native request reserves (its checked {@code max_tokens}) and a native answer is counted with: the server's
 * top-level usage wherever it stands, else an estimate.
 */
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

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "\"max_tokens\":9223372036854775807                       | max_tokens",
            "\"max_tokens\":0                                         | max_tokens",
            "\"max_completion_tokens\":1e30                           | max_completion_tokens",
            "\"max_completion_tokens\":null,\"max_tokens\":\"many\" | max_tokens",
            "\"max_completion_tokens\":1,\"max_tokens\":10000000   | max_tokens",
    })
    void aMaxTokensOutOfRangeIsRefusedNamingItBeforeAnythingIsReserved(String fields, String field) {
        NativeCompletions natives = new NativeCompletions(); // no NativeChat: nothing may be admitted
        natives.limits = ConfigDefaults.of(RequestLimits.class);
        ApiError e = assertThrows(ApiError.class, () -> natives.forward(null, "chatcmpl-1", null,
                Jsonp.readObject("{" + fields + ",\"messages\":" + MESSAGES + "}")));
        assertEquals("invalid_max_tokens", e.code());
        assertEquals("'" + field + "' must be an integer from 1 to " + natives.limits.maxOutputTokens + " (moe.limits.max-output-tokens)",
                e.getMessage());
    }

    @Test
    void aStreamWithoutUsageCountsThePromptAndEverythingTheServerWroteToolCallsAndReasoningIncluded() {
        NativeCompletions.StreamTally tally = new NativeCompletions.StreamTally(MESSAGES);
        tally.read("{\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"" + "r".repeat(40) + "\"}}]}");
        tally.read("{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"function\":"
                + "{\"name\":\"write\",\"arguments\":\"" + "a".repeat(400) + "\"}}]}}]}");
        assertEquals(new TokenUsage(PromptEstimate.tokens(MESSAGES), 110), tally.usage(),
                "a tool-calling turn is not free because the server sent no usage");
    }

    @Test
    void aStreamThatBreaksOffInsideAnEventDropsThatPartSoTheErrorEventIsReadOnItsOwn() throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        boolean done = NativeCompletions.copy(reply("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}", "",
                "data: {\"id\":\"x\",\"cho"), out, false, new NativeCompletions.StreamTally(MESSAGES), java.time.Duration.ofSeconds(10));
        assertEquals(false, done);
        assertEquals("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n", out.toString(java.nio.charset.StandardCharsets.UTF_8),
                "the whole event goes out, the cut one does not");
        java.io.ByteArrayOutputStream whole = new java.io.ByteArrayOutputStream();
        assertEquals(true, NativeCompletions.copy(reply("data: {\"choices\":[]}", "", "data: [DONE]", ""), whole, false,
                new NativeCompletions.StreamTally(MESSAGES), java.time.Duration.ofSeconds(10)));
        assertEquals("data: {\"choices\":[]}\n\ndata: [DONE]\n\n", whole.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A server's stream of {@code lines}, then its end. */
    private static io.moe.application.routing.PassThrough.StreamReply reply(String... lines) {
        java.util.Iterator<String> next = java.util.List.of(lines).iterator();
        return new io.moe.application.routing.PassThrough.StreamReply() {
            @Override
            public int status() {
                return 200;
            }

            @Override
            public String nextLine() {
                return next.hasNext() ? next.next() : null;
            }

            @Override
            public String nextLine(java.time.Duration quiet, Runnable whileQuiet) {
                return nextLine();
            }

            @Override
            public void stop() {
            }

            @Override
            public String errorBody() {
                return "";
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void theReservationIsThePromptAndTheMaxTokensElseAThousandTokens() {
        long prompt = MESSAGES.toString().length() / 4;
        assertEquals(prompt + 300, NativeCompletions.reservation(MESSAGES, 300).totalTokens());
        assertEquals(prompt + 1024, NativeCompletions.reservation(MESSAGES, 0).totalTokens());
    }
}
