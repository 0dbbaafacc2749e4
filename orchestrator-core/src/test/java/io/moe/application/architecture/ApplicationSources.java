package io.moe.application.architecture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The application layer's source files ({@code io.moe.application}), by path below it ({@code spend/UsageWriter.java}). */
final class ApplicationSources {

    private static final Path ROOT = Path.of("src", "main", "java", "io", "moe", "application");

    private ApplicationSources() {
    }

    static Map<String, String> read() throws IOException {
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                sources.put(ROOT.relativize(file).toString().replace('\\', '/'), Files.readString(file));
            }
        }
        return sources;
    }
}
