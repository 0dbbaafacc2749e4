package io.moe.application.servers;

import io.moe.domain.shared.Refusal.Kind;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every field of a server body is checked, and a refusal names the field at fault. */
class ServerInputTest {

    @Test
    void aFullBodyIsRead() {
        ServerInput in = ServerInput.fromJson("""
                {"name":"gpu2","url":"http://10.0.0.2:11434/","api_type":"ollama","token":"s3cret","concurrency":4,
                 "timeout_seconds":120,"cost_factor":1.50,"enabled":false,"id":"ignored","has_token":true}""");
        assertEquals("gpu2", in.name());
        assertEquals("ollama", in.apiType());
        assertTrue(in.tokenGiven());
        assertEquals("s3cret", in.token());
        assertEquals(4, in.concurrency());
        assertEquals(120, in.timeoutSeconds());
        assertEquals(new BigDecimal("1.5"), in.costFactor());
        assertEquals(false, in.enabled());
        assertFalse(in.toString().contains("s3cret"), "the token is never printed");
    }

    @Test
    void anAbsentTokenIsNotANullToken() {
        assertFalse(ServerInput.fromJson("{\"name\":\"a\"}").tokenGiven());
        ServerInput removed = ServerInput.fromJson("{\"token\":null}");
        assertTrue(removed.tokenGiven());
        assertNull(removed.token());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"name\":5}|name",
            "{\"concurrency\":\"4\"}|concurrency",
            "{\"concurrency\":1.5}|concurrency",
            "{\"concurrency\":99999999999}|concurrency",
            "{\"timeout_seconds\":true}|timeout_seconds",
            "{\"cost_factor\":\"1\"}|cost_factor",
            "{\"cost_factor\":1e400}|cost_factor",
            "{\"enabled\":1}|enabled",
            "{\"timeout\":30}|timeout",
            "{\"token\":[]}|token"})
    void aFieldOfTheWrongTypeOrAnUnknownFieldIsRefusedByName(String body, String field) {
        ServerRefusedException e = assertThrows(ServerRefusedException.class, () -> ServerInput.fromJson(body));
        assertEquals(Kind.INVALID, e.kind());
        assertEquals(field, e.field(), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"''", "'[1]'", "'not json'", "'   '"})
    void aBodyThatIsNotAnObjectIsRefused(String body) {
        ServerRefusedException e = assertThrows(ServerRefusedException.class, () -> ServerInput.fromJson(body));
        assertEquals(Kind.INVALID, e.kind());
        assertEquals("invalid_json", e.code());
    }

    @Test
    void namesAreWhatAModelReferenceCanCarry() {
        assertEquals("gpu-2.a_b", ServerInput.checkedName("gpu-2.a_b"));
        assertEquals("x".repeat(63), ServerInput.checkedName("x".repeat(63)));
        for (String bad : new String[]{null, "", "GPU", "-gpu", ".gpu", "gpu 2", "gpu@2", "x".repeat(64), "gpü"}) {
            assertEquals("name", assertThrows(ServerRefusedException.class, () -> ServerInput.checkedName(bad)).field(), bad);
        }
    }

    @Test
    void urlsAreHttpOrHttpsWithAHost() {
        assertEquals("http://10.0.0.2:11434", ServerInput.checkedUrl("http://10.0.0.2:11434/").toString());
        assertEquals("https://api.example.org/llm", ServerInput.checkedUrl("https://api.example.org/llm").toString());
        for (String bad : new String[]{null, " ", "ftp://x", "file:///etc/passwd", "http://", "javascript:alert(1)",
                "http://user:pw@host", "http://host/?q=1", "http://host/#f", "http://a b", "gpu2:11434", "http://h/" + "p".repeat(2040),
                "http://gpu:99999", "http://gpu:65536"}) {
            assertEquals("url", assertThrows(ServerRefusedException.class, () -> ServerInput.checkedUrl(bad)).field(), bad);
        }
    }

    @Test
    void numbersStayWithinTheirBounds() {
        assertEquals(1, ServerInput.checkedConcurrency(1));
        assertEquals(256, ServerInput.checkedConcurrency(256));
        assertEquals("concurrency", assertThrows(ServerRefusedException.class, () -> ServerInput.checkedConcurrency(0)).field());
        assertEquals("concurrency", assertThrows(ServerRefusedException.class, () -> ServerInput.checkedConcurrency(257)).field());
        assertEquals(3600, ServerInput.checkedTimeout(3600));
        assertEquals("timeout_seconds", assertThrows(ServerRefusedException.class, () -> ServerInput.checkedTimeout(0)).field());
        assertEquals("timeout_seconds", assertThrows(ServerRefusedException.class, () -> ServerInput.checkedTimeout(3601)).field());
        assertEquals(BigDecimal.ZERO, ServerInput.checkedCostFactor(BigDecimal.ZERO));
        assertEquals(new BigDecimal("1000"), ServerInput.checkedCostFactor(new BigDecimal("1000")));
        for (String bad : new String[]{"-0.1", "1000.01", "0.00001"}) {
            assertEquals("cost_factor", assertThrows(ServerRefusedException.class,
                    () -> ServerInput.checkedCostFactor(new BigDecimal(bad))).field(), bad);
        }
    }

    @Test
    void theApiTypeIsOllamaOrOpenai() {
        assertEquals(ApiType.OLLAMA, ServerInput.checkedApiType("ollama"));
        assertEquals(ApiType.OPENAI, ServerInput.checkedApiType("openai"));
        for (String bad : new String[]{null, "OpenAI", "vllm"}) {
            assertEquals("api_type", assertThrows(ServerRefusedException.class, () -> ServerInput.checkedApiType(bad)).field());
        }
    }
}
