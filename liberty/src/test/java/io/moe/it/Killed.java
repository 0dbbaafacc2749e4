package io.moe.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A process of the test stores killed with SIGKILL, as a crash looks, and later started again the same way, as an
 * operator restarts a store after a crash. Relays (devservices' TcpRelay in front of Neo4j, the tool server, the search
 * engine and Kafka; killing one resets the server's connections to that store and refuses new ones) are started again
 * with their own command line and end with the build; Redis with the settings devservices starts it with (its own
 * append-only file, so what it had written survives), and devservices' stop ends it through its pid file;
 * PostgreSQL with its own command line (it recovers from its write-ahead log).
 */
public final class Killed {

    private static final Path DATA = Path.of(System.getProperty("moe.it.data-dir", "target/it-data"));
    private static final String RELAY_CLASS = "io.moe.devservices.TcpRelay";

    private final String name;
    private final List<String> command;
    private final Path pidFile;
    private final int port;

    private Killed(String name, List<String> command, Path pidFile, int port) {
        this.name = name;
        this.command = command;
        this.pidFile = pidFile;
        this.port = port;
    }

    /** Kills the relay the test server reaches {@code relay} through (neo4j, tools, search, kafka). */
    public static Killed relay(String relay) throws IOException, InterruptedException {
        Path pidFile = DATA.resolve("relays").resolve(relay + ".pid");
        long pid = pidIn(pidFile);
        List<String> command = new ArrayList<>(commandLine(pid));
        int at = command.indexOf(RELAY_CLASS);
        if (at < 0 || command.size() < at + 4) {
            throw new AssertionError("not a relay: " + command);
        }
        if (command.size() == at + 4) { // started by the build: the restarted one ends with the build's JVM
            command.add(String.valueOf(ProcessHandle.of(pid).flatMap(ProcessHandle::parent).orElseThrow().pid()));
        }
        kill(relay + " relay", pid);
        return new Killed(relay + " relay", command, pidFile, Integer.parseInt(command.get(at + 1)));
    }

    /** Kills the test stores' Redis. */
    public static Killed redis() throws IOException, InterruptedException {
        Path dir = DATA.resolve("redis").toAbsolutePath();
        Path pidFile = dir.resolve("redis.pid");
        long pid = pidIn(pidFile);
        String executable = Files.readSymbolicLink(Path.of("/proc", String.valueOf(pid), "exe")).toString();
        int port = Integer.parseInt(System.getProperty("moe.it.redis-port", "26379"));
        // the settings of devservices' RedisStore
        List<String> command = List.of(executable, "--port", String.valueOf(port), "--bind", "127.0.0.1", "--dir", dir.toString(),
                "--appendonly", "yes", "--save", "", "--protected-mode", "yes", "--pidfile", pidFile.toString());
        kill("Redis", pid);
        return new Killed("Redis", command, pidFile, port);
    }

    /**
     * Kills the test stores' PostgreSQL: the postmaster and every backend, as a crash of the whole server looks. It is
     * started again with its own command line (as user nobody where the stores run as root, like devservices does), and
     * recovers from its write-ahead log; devservices' stop ends it through its data folder.
     */
    public static Killed postgres() throws IOException, InterruptedException {
        Path pidFile = DATA.resolve("postgres").resolve("postmaster.pid").toAbsolutePath();
        List<String> lines = Files.readAllLines(pidFile);
        long pid = Long.parseLong(lines.get(0).trim());
        List<String> command = new ArrayList<>();
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no PostgreSQL process " + pid));
        String owner = postmaster.info().user().orElse("");
        if (!owner.isEmpty() && !owner.equals(System.getProperty("user.name"))) {
            command.addAll(List.of("setpriv", "--reuid=" + owner, "--regid=nogroup", "--clear-groups", "--"));
        }
        command.addAll(commandLine(pid));
        List<ProcessHandle> backends = postmaster.descendants().toList();
        kill("PostgreSQL", pid);
        for (ProcessHandle backend : backends) { // they notice the postmaster's death on their own, but not at once
            backend.destroyForcibly();
            try {
                backend.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new AssertionError("PostgreSQL backend " + backend.pid() + " did not end after SIGKILL", e);
            }
        }
        return new Killed("PostgreSQL", command, pidFile, Integer.parseInt(lines.get(3).trim()));
    }

    /** Starts the process again and waits until it wrote its pid file and takes connections. */
    public void startAgain() throws IOException, InterruptedException {
        Path log = DATA.resolve("relays").resolve(name.replace(' ', '-') + "-restarted.log");
        Files.createDirectories(log.getParent());
        Process started = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Poll.until(() -> started.isAlive() && pidWritten(started.pid()) && accepts(port), ready -> ready, Duration.ofSeconds(30),
                name + " started again (log: " + log + ")");
    }

    private boolean pidWritten(long pid) {
        try {
            // PostgreSQL's pid file has more lines (the first is the pid); setpriv runs the server as the same process
            List<String> lines = Files.exists(pidFile) ? Files.readAllLines(pidFile) : List.of(); // empty while being written
            return !lines.isEmpty() && lines.get(0).trim().equals(String.valueOf(pid));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static long pidIn(Path pidFile) throws IOException {
        return Long.parseLong(Files.readString(pidFile).trim());
    }

    private static List<String> commandLine(long pid) throws IOException {
        String raw = new String(Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline")), StandardCharsets.UTF_8);
        return Arrays.asList(raw.split("\0"));
    }

    private static void kill(String what, long pid) throws IOException, InterruptedException {
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no " + what + " process " + pid));
        if (new ProcessBuilder("kill", "-KILL", String.valueOf(pid)).inheritIO().start().waitFor() != 0) {
            throw new AssertionError("kill -KILL " + what + " " + pid + " failed");
        }
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new AssertionError(what + " " + pid + " did not end after SIGKILL", e);
        }
    }
}
