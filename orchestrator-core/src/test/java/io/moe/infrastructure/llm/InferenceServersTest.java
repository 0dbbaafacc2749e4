package io.moe.infrastructure.llm;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InferenceServersTest {

    @Test
    void withoutAListThereIsOneLocalServer() {
        Map<String, InferenceServer> servers = InferenceServers.parse(null, "http://127.0.0.1:11434", 900);
        InferenceServer local = servers.get("local");
        assertEquals("http://127.0.0.1:11434", local.url().toString());
        assertEquals(Duration.ofSeconds(900), local.timeout());
    }

    @Test
    void readsTheConfiguredList() {
        Map<String, InferenceServer> servers = InferenceServers.parse("""
                [{"name":"gpu1","url":"http://gpu1:11434","type":"ollama","concurrency":2,"timeout":120},
                 {"name":"vllm","url":"http://vllm:8000"}]""", "http://unused", 900);
        assertEquals(2, servers.get("gpu1").concurrency());
        assertEquals(Duration.ofSeconds(120), servers.get("gpu1").timeout());
        assertEquals("openai", servers.get("vllm").type());
        assertEquals(Duration.ofSeconds(900), servers.get("vllm").timeout());
    }

    @Test
    void aBrokenListIsReportedWithTheKeyToFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> InferenceServers.parse("[{\"url\":\"http://x\"}]", "http://unused", 900));
        assertTrue(e.getMessage().contains("moe.inference.servers"), e.getMessage());
    }
}
