package io.moe.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The FFDC incidents the test server filed (files in its {@code logs/ffdc}, which operators read as server failures),
 * since this test run's JVM started: every test before the caller counts too. Liberty files one only for the first few
 * occurrences of an exception in a server's life, so counting from the run's start is what makes a check fail.
 */
public final class Incidents {

    private static final Path FOLDER = Path.of(System.getProperty("moe.it.server-dir"), "logs", "ffdc");

    private Incidents() {
    }

    /** An incident file and the exception it names. */
    public record Incident(String file, String exception) {
    }

    /** The incidents filed since this JVM started. */
    public static List<Incident> ofThisRun() {
        long since = ManagementFactory.getRuntimeMXBean().getStartTime();
        List<Incident> found = new ArrayList<>();
        if (!Files.isDirectory(FOLDER)) {
            return found;
        }
        try (Stream<Path> files = Files.list(FOLDER)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("ffdc_")).toList()) {
                if (Files.getLastModifiedTime(file).toMillis() >= since) {
                    exception(file).ifPresent(e -> found.add(new Incident(file.getFileName().toString(), e)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FOLDER, e);
        }
        return found;
    }

    private static Optional<String> exception(Path incident) throws IOException {
        try (Stream<String> lines = Files.lines(incident)) {
            return lines.filter(l -> l.startsWith("Exception = ")).findFirst().map(l -> l.substring("Exception = ".length()).trim());
        }
    }
}
