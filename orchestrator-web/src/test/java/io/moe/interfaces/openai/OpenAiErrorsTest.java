package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.persistence.PersistenceException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.exceptions.ServiceUnavailableException;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A database that does not answer is a 503 the client can retry, not an internal error. */
class OpenAiErrorsTest {

    @Test
    void aDatabaseThatCannotBeReachedIsUnavailable() {
        Refusal refused = OpenAiErrors.classify(new CompletionException(new PersistenceException("query failed",
                new SQLException("The connection attempt failed. DSRA0010E: SQL State = 08001", "08001"))));
        assertEquals(Kind.UNAVAILABLE, refused.kind());
        assertEquals("database_unavailable", refused.code());

        SQLException readTimedOut = new SQLException("An I/O error occurred while sending to the backend.", "08006");
        assertEquals("database_unavailable", OpenAiErrors.classify(new PersistenceException(readTimedOut)).code());

        SQLException noState = new SQLException("I/O error");
        noState.initCause(new SocketTimeoutException("Read timed out"));
        assertEquals("database_unavailable", OpenAiErrors.classify(new PersistenceException(noState)).code());
    }

    @Test
    void aCounterStoreThatCannotBeReachedIsUnavailableNotAnIncident() {
        Refusal refused = OpenAiErrors.classify(new CompletionException(new redis.clients.jedis.exceptions.JedisConnectionException(
                "Failed to connect to any host resolved for DNS name.")));
        assertEquals(Kind.UNAVAILABLE, refused.kind(), "e.g. a rating or a trace read while Redis is down");
        assertEquals("cache_unavailable", refused.code());
    }

    @Test
    void aRequestTheModelsServerRefusedIsTheClientsToChangeNotAnOutage() {
        Refusal tooLong = OpenAiErrors.classify(new io.moe.infrastructure.llm.InferenceException(
                "inference server 'local' answered HTTP 400: context length exceeded", false, null, 400));
        assertEquals(400, io.moe.infrastructure.web.RefusalStatus.of(tooLong), "not 502: another try fails the same way");
        assertEquals("upstream_refused", tooLong.code());
        assertTrue(tooLong.getMessage().contains("longer than the model's context"), tooLong.getMessage());
        assertTrue(!tooLong.getMessage().contains("local"), "the server stays in the log: " + tooLong.getMessage());
        assertTrue(OpenAiExceptionMapper.NOT_RETRIED.contains(tooLong.code()));
        assertEquals("inference_unavailable", OpenAiErrors.classify(new io.moe.infrastructure.llm.InferenceException(
                "answered HTTP 503", false, null, 503)).code(), "a server error stays an outage (502)");
        assertEquals("inference_unavailable", OpenAiErrors.classify(new io.moe.infrastructure.llm.InferenceException(
                "rate limited", false, null, 429)).code());
        assertEquals("inference_unavailable", OpenAiErrors.classify(new io.moe.infrastructure.llm.InferenceException(
                "model not found", false, null, 404)).code(), "the operator's model name or token is wrong: not the client's to fix");
        assertEquals("inference_unavailable", OpenAiErrors.classify(new io.moe.infrastructure.llm.InferenceException(
                "unauthorized", false, null, 401)).code());
        Refusal open = OpenAiErrors.classify(io.moe.infrastructure.llm.InferenceException.circuitOpen("left alone"));
        assertEquals(503, io.moe.infrastructure.web.RefusalStatus.of(open), "an open breaker is a 503 with Retry-After");
    }

    @Test
    void aToolServerAnAdminSwitchedOffIsNotRetriedAndNamesTheProfilesServer() {
        Refusal off = io.moe.application.routing.ToolModelUnavailableException.ofProfile("coder", "sim-coder:7b@gpu2", "gpu2");
        assertEquals(503, io.moe.infrastructure.web.RefusalStatus.of(off));
        assertEquals(0, OpenAiExceptionMapper.retryAfterSeconds(off, 503), "no Retry-After: asking again does not help");
        assertTrue(OpenAiExceptionMapper.NOT_RETRIED.contains(off.code()), "x-should-retry: false");
        assertTrue(off.getMessage().contains("server 'gpu2'") && off.getMessage().contains("tool_endpoint"), off.getMessage());
    }

    @Test
    void aDatabaseThatCannotBeReachedSaysWhenToRetryAndAnErrorNamesItsParameter() {
        Refusal refused = OpenAiErrors.classify(new PersistenceException(new SQLException("refused", "08001")));
        assertEquals(io.moe.infrastructure.web.RefusalStatus.UNAVAILABLE_RETRY_SECONDS, OpenAiExceptionMapper.retryAfterSeconds(refused, 503));
        assertEquals(0, OpenAiExceptionMapper.retryAfterSeconds(ApiError.invalidRequest("x", "bad"), 400));
        assertEquals(jakarta.json.JsonValue.NULL, OpenAiErrors.body(refused).getJsonObject("error").get("param"), "null when no parameter");
        Refusal named = new io.moe.application.routing.RouteNotFoundException("nope", java.util.List.of("moe-orchestrator"));
        assertEquals("model", OpenAiErrors.body(named).getJsonObject("error").getString("param"));
    }

    @Test
    void aRefusedRequestNamesTheFieldItsMessageBeginsWithAsParam() {
        assertEquals("stop", param(ApiError.invalidRequest("invalid_type", "'stop' must be a string or an array of at most 4")));
        assertEquals("messages[2].content", param(ApiError.invalidRequest("missing_content",
                "messages[2].content is required: a string or an array of parts")));
        assertEquals("messages[0].content[1].source.type", param(ApiError.invalidRequest("invalid_image",
                "messages[0].content[1].source.type: must be base64 or url")));
        assertEquals("thinking.type", param(ApiError.invalidRequest("invalid_thinking", "thinking.type: must be enabled, adaptive or disabled")));
        assertEquals("messages[1]", param(ApiError.invalidRequest("invalid_type", "messages[1] must be an object {role, content}")));
        assertEquals(jakarta.json.JsonValue.NULL, OpenAiErrors.body(ApiError.invalidRequest("invalid_json",
                "the request body is not valid JSON")).getJsonObject("error").get("param"), "no field named");
        assertEquals(jakarta.json.JsonValue.NULL, OpenAiErrors.body(ApiError.invalidRequest("invalid_value",
                "a correction id is 32 lower-case hex characters")).getJsonObject("error").get("param"));
    }

    private static String param(ApiError error) {
        return OpenAiErrors.body(error).getJsonObject("error").getString("param");
    }

    @Test
    void anyOtherDatabaseFailureIsAnInternalError() {
        Refusal refused = OpenAiErrors.classify(new PersistenceException(new SQLException("duplicate key value", "23505")));
        assertEquals(Kind.FAILED, refused.kind());
        assertEquals("internal_error", refused.code());
    }

    @Test
    void aKnowledgeGraphThatDoesNotAnswerIsUnavailableWithATimeToRetry() {
        Refusal refused = OpenAiErrors.classify(new CompletionException(
                new ServiceUnavailableException("Neo4j is not answering (no answer within 5 s): not asked")));
        assertEquals(Kind.UNAVAILABLE, refused.kind());
        assertEquals("graph_unavailable", refused.code());
        assertEquals(2, refused.retryAfterSeconds());
    }

    @Test
    void aBreakerThatRefusesTheCallIsUnavailableNotAnInternalError() {
        Refusal refused = OpenAiErrors.classify(new CircuitBreakerOpenException());
        assertEquals(Kind.UNAVAILABLE, refused.kind());
        assertEquals("service_unavailable", refused.code());
    }

    @Test
    void aWaitForASlotThatRanOutIsATimeoutWhileAFullQueueIsTooManyRequests() {
        Refusal waited = OpenAiErrors.classify(new io.moe.infrastructure.llm.InferenceException("no slot came free", true,
                new io.moe.infrastructure.llm.ServerSlots.SlotWaitTimeout("no slot of inference server 'gpu2' came free within 30 s")));
        assertEquals(Kind.UPSTREAM_TIMEOUT, waited.kind(), "the server's timeout was spent waiting: " + waited.getMessage());
        Refusal full = OpenAiErrors.classify(new io.moe.infrastructure.llm.InferenceException("queue full", false,
                new org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException("100 calls wait already")));
        assertEquals(Kind.TOO_MANY, full.kind());
        assertEquals("too_many_parallel_requests", full.code());
    }
}
