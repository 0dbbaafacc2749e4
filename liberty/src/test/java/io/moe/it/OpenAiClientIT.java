package io.moe.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The official npm `openai` client talks to the server: one plain and one streamed completion, and the models list. */
class OpenAiClientIT {

    @Test
    void theOpenAiSdkGetsAnswers() throws IOException, InterruptedException {
        NodeTest result = NodeTest.run("openai.test.mjs");
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().contains("# pass 3"), result.output());
    }
}
