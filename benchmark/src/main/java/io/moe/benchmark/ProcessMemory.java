package io.moe.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The resident memory of a process of this machine, as Linux reports it in {@code /proc/<pid>/status}. */
final class ProcessMemory {

    private ProcessMemory() {
    }

    /** The {@code VmRSS} and {@code VmHWM} lines of {@code pid}, or why they cannot be read. */
    static String describe(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
                    .filter(l -> l.startsWith("VmRSS") || l.startsWith("VmHWM")).map(l -> l.replaceAll("\\s+", " "))
                    .reduce((a, b) -> a + ", " + b).orElse("unknown");
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** The resident set of {@code pid} in MiB, if it can be read. */
    static Optional<Long> residentMib(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("VmRSS"))
                    .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024).findFirst();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
