package io.moe.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs one test file with node's test runner against the started server, with its URLs and credentials. */
public record NodeTest(int exitCode, String output) {

    public static NodeTest run(String file) throws IOException, InterruptedException {
        return run(file, java.util.Map.of());
    }

    /** Runs {@code file} with {@code env} added to (or replacing) the usual variables. */
    public static NodeTest run(String file, java.util.Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("node", "--test", "--test-reporter=tap", file)
                .directory(Path.of(ItConfig.nodeDir()).toFile())
                .redirectErrorStream(true);
        builder.environment().put("ORCHESTRATOR_URL", ItConfig.orchestratorUrl());
        builder.environment().put("TOOLS_URL", ItConfig.toolsUrl());
        builder.environment().put("TOOLS_TOKEN", System.getProperty("moe.it.tools-token", ""));
        builder.environment().put("API_KEY", ItConfig.apiKey());
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            return new NodeTest(-1, output + "\n(timed out)");
        }
        return new NodeTest(process.exitValue(), output);
    }
}
