package io.moe.interfaces.openai;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an OpenAI client may send beside 'model' and 'messages' to the pipeline, and the 400 a mistake gets. */
class SamplingFieldsTest {

    @Test
    void whatOpenAiAcceptsIsAccepted() {
        assertDoesNotThrow(() -> SamplingFields.check(Jsonp.readObject("""
                {"temperature":0.7,"top_p":1,"presence_penalty":-2,"frequency_penalty":1.5,"n":1,"seed":42,
                 "stop":["\\n\\n","END"],"user":"alice","response_format":{"type":"text"}}""")));
        assertDoesNotThrow(() -> SamplingFields.check(Jsonp.readObject("{\"temperature\":null,\"stop\":\"END\",\"n\":null}")));
        assertDoesNotThrow(() -> SamplingFields.check(Jsonp.readObject("{}")));
        assertDoesNotThrow(() -> SamplingFields.check(Jsonp.readObject("{\"logprobs\":false,\"top_logprobs\":null}")));
    }

    @Test
    void logProbabilitiesTheMergedAnswerDoesNotHaveAreRefusedNotIgnored() {
        for (String asked : new String[] {"{\"logprobs\":true}", "{\"top_logprobs\":5}"}) {
            ApiError e = assertThrows(ApiError.class, () -> SamplingFields.check(Jsonp.readObject(asked)));
            assertEquals("unsupported_value", e.code());
            assertTrue(e.getMessage().contains("no token probabilities"), e.getMessage());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "{\"temperature\":\"hot\"}              | 'temperature' must be a number from 0 to 2",
            "{\"temperature\":2.5}                  | 'temperature' must be a number from 0 to 2",
            "{\"top_p\":-0.1}                       | 'top_p' must be a number from 0 to 1",
            "{\"presence_penalty\":3}               | 'presence_penalty' must be a number from -2 to 2",
            "{\"frequency_penalty\":true}           | 'frequency_penalty' must be a number from -2 to 2",
            "{\"n\":5}                              | 'n' must be 1: the pipeline gives one merged answer per request",
            "{\"n\":1.5}                            | 'n' must be 1",
            "{\"seed\":1.5}                         | 'seed' must be a whole number",
            "{\"seed\":1e999999999}                 | 'seed' must be a whole number",
            "{\"stop\":7}                           | 'stop' must be a string or an array of at most 4 strings",
            "{\"stop\":[\"a\",\"b\",\"c\",\"d\",\"e\"]} | 'stop' must be a string or an array of at most 4 strings",
            "{\"stop\":[\"a\",1]}                   | 'stop' must be a string or an array",
            "{\"user\":{}}                          | 'user' must be a string",
            "{\"functions\":[{\"name\":\"f\"}]}          | 'functions' is OpenAI's deprecated form of tools: send 'tools'",
            "{\"function_call\":\"auto\"}             | 'function_call' is OpenAI's deprecated form of tools",
    })
    void aMistakeIsRefusedNamingTheField(String body, String message) {
        assertRefused(message, () -> SamplingFields.check(Jsonp.readObject(body.strip())));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "{\"response_format\":{\"type\":\"json_object\"}} | 'response_format' json_object is not available on the pipeline",
            "{\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"x\"}}} | 'response_format' json_schema is not available",
            "{\"response_format\":\"json\"}          | 'response_format' must be an object such as",
            "{\"response_format\":{}}               | 'response_format' must be an object such as",
    })
    void structuredOutputIsRefusedSinceTheMergedAnswerIsProse(String body, String message) {
        assertRefused(message, () -> SamplingFields.structuredOutput(Jsonp.readObject(body.strip())));
    }

    /** A 400 whose message starts with {@code message}. */
    private static void assertRefused(String message, org.junit.jupiter.api.function.Executable check) {
        ApiError refused = assertThrows(ApiError.class, check);
        assertEquals(Kind.INVALID, refused.kind());
        assertTrue(refused.getMessage().startsWith(message.strip()), refused.getMessage());
    }

    @Test
    void plainTextOutputIsAccepted() {
        assertDoesNotThrow(() -> SamplingFields.structuredOutput(Jsonp.readObject("{\"response_format\":{\"type\":\"text\"}}")));
        assertDoesNotThrow(() -> SamplingFields.structuredOutput(Jsonp.readObject("{\"response_format\":null}")));
        assertDoesNotThrow(() -> SamplingFields.structuredOutput(Jsonp.readObject("{}")));
    }
}
