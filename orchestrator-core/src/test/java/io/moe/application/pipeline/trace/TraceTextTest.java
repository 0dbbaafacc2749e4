package io.moe.application.pipeline.trace;

import io.moe.infrastructure.llm.InferenceException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** A trace tells its user what kind of failure happened, not where the operator's servers are nor what they answered. */
class TraceTextTest {

    @Test
    void aModelCallsFailureIsItsKindWithoutTheServersAddressOrItsText() {
        String unreachable = TraceText.failure("r1", new InferenceException(
                "inference server 'gpu1' at http://10.0.0.5:11434 could not be reached: ConnectException", false, null));
        assertEquals("no_answer: the inference server could not be reached", unreachable);
        String refused = TraceText.failure("r1", new InferenceException(
                "inference server 'gpu1' answered HTTP 400: {\"error\":\"model /srv/models/llama.gguf: context 8192 exceeded\"}",
                false, null, 400));
        assertEquals("http_400: the inference server refused the call (HTTP 400)", refused);
        assertEquals("timeout: no answer within the timeout", TraceText.failure("r1", new InferenceException("slow", true, null)));
    }

    @Test
    void anyOtherFailureKeepsItsTextWithoutAddresses() {
        String search = TraceText.failure("r1", new UncheckedIOException("search engine at http://searxng.internal:8080/search "
                + "could not be asked: Connection refused", new IOException("Connection refused")));
        assertFalse(search.contains("searxng.internal"), search);
        assertEquals("search engine at <address> could not be asked: Connection refused", search);
        String graph = TraceText.failure("r1", new IllegalStateException("Unable to connect to neo4j.internal:7687, ensure the "
                + "database is running; tried 10.0.0.7 too"));
        assertEquals("Unable to connect to <address>, ensure the database is running; tried <address> too", graph);
        assertEquals("no answer within 5 s", TraceText.failure("r1", new IllegalStateException("no answer within 5 s")),
                "plain text stays");
    }
}
