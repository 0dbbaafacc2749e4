package io.moe.it.cluster;

import io.moe.it.Http;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The second test node: {@code moeTestServer2}, made by the test build from the same server package as the test
 * server and pointed at the same stores (its own ports only). Started and stopped by the test that needs it.
 */
final class SecondNode {

    static final String NAME = System.getProperty("moe.it.node2-server-name", "moeTestServer2");
    static final String ORCHESTRATOR = System.getProperty("moe.it.node2-orchestrator-url", "http://127.0.0.1:28002");
    static final String ADMIN = System.getProperty("moe.it.node2-admin-url", "http://127.0.0.1:28088");
    private static final Path WLP = Path.of(System.getProperty("moe.it.server-dir", "target/liberty/wlp/usr/servers/moeTestServer"))
            .getParent().getParent().getParent();

    private SecondNode() {
    }

    /** Starts the node and waits until it reports ready. */
    static void start() throws IOException, InterruptedException {
        run("start");
        Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(deadline)) {
            try {
                HttpResponse<String> ready = Http.get(ORCHESTRATOR + "/health/ready");
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // the port is not open yet
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw new IllegalStateException(NAME + " did not become ready in 4 minutes; see " + WLP.resolve("usr/servers/" + NAME + "/logs"));
    }

    /** Stops the node if it still runs. */
    static void stop() throws IOException, InterruptedException {
        if (process().isPresent()) {
            run("stop");
        }
    }

    /** Kills the node's JVM at once (SIGKILL), as a crash would. */
    static void kill() throws InterruptedException {
        Optional<ProcessHandle> jvm = process();
        jvm.ifPresent(ProcessHandle::destroyForcibly);
        if (jvm.isPresent()) {
            jvm.get().onExit().join();
        }
    }

    static Optional<ProcessHandle> process() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains("ws-server.jar") && c.endsWith(" " + NAME)).orElse(false))
                .findFirst();
    }

    private static void run(String action) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(WLP.resolve("bin/server").toString(), action, NAME).redirectErrorStream(true)
                .redirectOutput(WLP.resolve("usr/servers/" + NAME + "-" + action + ".out").toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("server " + action + " " + NAME + " did not finish in 5 minutes");
        }
    }
}
