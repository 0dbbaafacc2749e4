package io.moe.application.servers;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerSeedTest {

    @Test
    void withoutAListTheSeedIsOneServerNamedLocal() {
        List<ServerInput> seed = ServerSeed.parse(null, "http://127.0.0.1:11434", 5, 900);
        assertEquals(1, seed.size());
        assertEquals("local", seed.get(0).name());
        assertEquals("http://127.0.0.1:11434", seed.get(0).url());
        assertEquals(5, seed.get(0).concurrency());
        assertEquals(900, seed.get(0).timeoutSeconds());
    }

    @Test
    void aListGivesEveryServerWithDefaultsForWhatItLeavesOut() {
        List<ServerInput> seed = ServerSeed.parse("""
                [{"name":"gpu1","url":"http://10.0.0.1:11434","type":"ollama","concurrency":2,"timeout":60,"token":"t",
                  "cost_factor":0.5},
                 {"name":"gpu2","url":"http://10.0.0.2:8000"}]""", "http://unused", 5, 900);
        assertEquals(List.of("gpu1", "gpu2"), seed.stream().map(ServerInput::name).toList());
        assertEquals("ollama", seed.get(0).apiType());
        assertEquals(2, seed.get(0).concurrency());
        assertEquals(60, seed.get(0).timeoutSeconds());
        assertEquals("t", seed.get(0).token());
        assertEquals(new BigDecimal("0.5"), seed.get(0).costFactor());
        assertEquals("openai", seed.get(1).apiType());
        assertEquals(5, seed.get(1).concurrency());
        assertEquals(900, seed.get(1).timeoutSeconds());
    }

    @Test
    void aMalformedListNamesTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerSeed.parse("[{\"url\":\"http://x\"}]", "http://unused", 5, 900));
        assertTrue(e.getMessage().contains("moe.inference.servers"), e.getMessage());
    }
}
