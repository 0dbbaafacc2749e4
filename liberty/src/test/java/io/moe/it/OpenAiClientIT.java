package io.moe.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The official npm `openai` client talks to the server: one plain and one streamed completion. */
class OpenAiClientIT {

    @Test
    void theOpenAiSdkGetsAnswers() throws IOException, InterruptedException {
        NodeTest result = NodeTest.run("openai.test.mjs");
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().contains("# pass 2"), result.output());
    }

    /** Runs one file with node's test runner against the started server. */
    record NodeTest(int exitCode, String output) {

        static NodeTest run(String file) throws IOException, InterruptedException {
            ProcessBuilder builder = new ProcessBuilder("node", "--test", "--test-reporter=tap", file)
                    .directory(Path.of(ItConfig.nodeDir()).toFile())
                    .redirectErrorStream(true);
            builder.environment().put("ORCHESTRATOR_URL", ItConfig.orchestratorUrl());
            builder.environment().put("TOOLS_URL", ItConfig.toolsUrl());
            builder.environment().put("TOOLS_TOKEN", System.getProperty("moe.it.tools-token", ""));
            builder.environment().put("API_KEY", ItConfig.apiKey());
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                return new NodeTest(-1, output + "\n(timed out)");
            }
            return new NodeTest(process.exitValue(), output);
        }
    }
}
