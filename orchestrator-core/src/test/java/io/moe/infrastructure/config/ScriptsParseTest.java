package io.moe.infrastructure.config;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's two commands and the benchmark are shell scripts that no test build runs: bash must at least be able
 * to parse them ({@code bash -n}), so that a quoting slip shows up here and not in a user's terminal.
 */
class ScriptsParseTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @ParameterizedTest
    @ValueSource(strings = {"run.sh", "bench.sh", ".ci/run"})
    void bashParsesTheScript(String script) throws IOException, InterruptedException {
        Path file = ROOT.resolve(script);
        assertTrue(Files.isRegularFile(file), file + " exists");
        Process bash = new ProcessBuilder("bash", "-n", file.toString()).redirectErrorStream(true).start();
        assertTrue(bash.waitFor(30, TimeUnit.SECONDS), "bash -n " + script + " ended");
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, bash.exitValue(), "bash -n " + script + ": " + output);
    }
}
