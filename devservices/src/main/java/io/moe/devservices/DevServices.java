package io.moe.devservices;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The launcher's entry point: {@code run} starts the stores in this JVM until it is stopped,
 * {@code start} runs that in the background and waits for readiness, {@code stop} ends it.
 */
public final class DevServices {

    private static final Duration START_DEADLINE = Duration.ofSeconds(180);
    private static final Duration STOP_DEADLINE = Duration.ofSeconds(60);

    private DevServices() {
    }

    public static void main(String[] args) {
        try {
            Options options = Options.parse(args);
            switch (options.command()) {
                case "run" -> run(options);
                case "start" -> System.exit(start(options));
                default -> System.exit(stop(options));
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("devservices: " + e.getMessage());
            System.exit(e instanceof IllegalArgumentException ? 2 : 1);
        } catch (IOException e) {
            System.err.println("devservices: " + e);
            System.exit(1);
        }
    }

    /** The stores the launcher knows, on the ports of {@code options}. */
    static List<Store> stores(Options o) {
        return List.of(new PostgresStore(o.data(), o.pgPort()), new RedisStore(o.data(), o.redisPort()),
                new KafkaStore(o.data(), o.kafkaPort(), o.kafkaAdvertisedPort()), new Neo4jStore(o.data(), o.neo4jPort()),
                new SimulatorStore(o.simulatorPort()));
    }

    private static void run(Options o) throws IOException {
        Files.createDirectories(o.data().resolve("tmp"));
        System.setProperty("java.io.tmpdir", o.data().resolve("tmp").toString());
        Launcher launcher = Launcher.start(o, System::getenv);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            launcher.close();
            stopped.countDown();
        }, "devservices-stop"));
        try {
            if (o.maxLifetimeMinutes() <= 0) {
                stopped.await();
            } else if (!stopped.await(o.maxLifetimeMinutes(), TimeUnit.MINUTES)) {
                StoreSet.log("maximum lifetime of " + o.maxLifetimeMinutes() + " minutes reached");
                System.exit(0);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int start(Options o) throws IOException {
        Optional<ProcessHandle> running = runningLauncher(o.pidFile());
        if (running.isPresent()) {
            throw new IllegalStateException("already running as pid " + running.get().pid()
                    + "; stop it with: java -jar devservices.jar stop --pid-file " + o.pidFile());
        }
        if (o.fresh()) {
            deleteTree(o.data());
            if (!PostgresStore.canRunUnder(o.data())) {
                deleteTree(PostgresStore.relocated(o.data()));
            }
        }
        Files.createDirectories(o.data().resolve("tmp"));
        Files.deleteIfExists(o.envFile());
        Path log = o.data().resolve("devservices.log");
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Xmx768m", "-Djava.io.tmpdir=" + o.data().resolve("tmp"), "-jar", ownJar(), "run",
                "--data", o.data().toString(), "--env-file", o.envFile().toString(), "--pid-file", o.pidFile().toString(),
                "--pg-port", String.valueOf(o.pgPort()), "--redis-port", String.valueOf(o.redisPort()),
                "--kafka-port", String.valueOf(o.kafkaPort()), "--kafka-advertised-port", String.valueOf(o.kafkaAdvertisedPort()),
                "--neo4j-port", String.valueOf(o.neo4jPort()),
                "--simulator-port", String.valueOf(o.simulatorPort())));
        if (o.maxLifetimeMinutes() > 0) {
            command.addAll(List.of("--max-lifetime-minutes", String.valueOf(o.maxLifetimeMinutes())));
        }
        if (!o.background().isEmpty()) {
            command.addAll(List.of("--background", String.join(",", o.background())));
        }
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        Files.writeString(o.pidFile(), child.pid() + "\n");
        Instant deadline = Instant.now().plus(START_DEADLINE);
        while (Instant.now().isBefore(deadline)) {
            Map<String, String> env = EnvFile.read(o.envFile());
            if (!env.isEmpty()) {
                System.out.print(Files.readString(o.envFile()));
                return 0;
            }
            if (!child.isAlive()) {
                System.err.println("devservices: the launcher stopped during start-up (exit " + child.exitValue() + "):");
                System.err.println(tail(log, 30));
                Files.deleteIfExists(o.pidFile());
                return 1;
            }
            try {
                child.waitFor(250, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        System.err.println("devservices: the stores were not ready after " + START_DEADLINE.toSeconds() + " s; log:");
        System.err.println(tail(log, 30));
        child.destroy();
        Files.deleteIfExists(o.pidFile());
        return 1;
    }

    private static int stop(Options o) throws IOException {
        Optional<ProcessHandle> running = runningLauncher(o.pidFile());
        if (running.isEmpty()) {
            System.out.println("devservices: nothing to stop (no running launcher in " + o.pidFile() + ")");
            Files.deleteIfExists(o.pidFile());
            return 0;
        }
        ProcessHandle process = running.get();
        process.destroy();
        try {
            process.onExit().get(STOP_DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            System.err.println("devservices: pid " + process.pid() + " did not stop within "
                    + STOP_DEADLINE.toSeconds() + " s; killing it and stopping the servers it left in " + o.data());
            process.destroyForcibly();
            process.onExit().join();
            stopLeftOvers(o);
        }
        Files.deleteIfExists(o.pidFile());
        System.out.println("devservices: stopped");
        return 0;
    }

    /** Stops the servers a killed launcher leaves running (PostgreSQL runs detached, Redis as a child). */
    private static void stopLeftOvers(Options o) {
        for (Store store : stores(o)) {
            try {
                store.stopLeftOver();
            } catch (IOException | RuntimeException e) {
                System.err.println("devservices: " + store.name() + " left running in " + o.data() + ": " + e.getMessage());
            }
        }
    }

    private static Optional<ProcessHandle> runningLauncher(Path pidFile) throws IOException {
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        try {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().commandLine().map(c -> c.contains("devservices")).orElse(true));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String ownJar() {
        try {
            return Path.of(DevServices.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate devservices.jar", e);
        }
    }

    private static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log at " + file + ")";
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
