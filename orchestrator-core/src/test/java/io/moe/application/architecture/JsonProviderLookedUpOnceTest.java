package io.moe.application.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Code that runs in the server builds and reads JSON through {@code Jsonp}, never {@code jakarta.json.Json}'s static
 * methods: those look the provider up on every call (a scan of every jar and a {@code ClassNotFoundException} in
 * Liberty), a tenth of a native request's CPU when it was measured.
 */
class JsonProviderLookedUpOnceTest {

    private static final List<String> SERVER_MODULES =
            List.of("orchestrator-core", "orchestrator-web", "admin-faces", "portal-faces", "tools-war");
    private static final Pattern STATIC_JSON = Pattern.compile("(?<![\\w.])(jakarta\\.json\\.)?Json\\.create");

    @Test
    void noServerClassCallsJsonsStaticFactories() throws IOException {
        List<String> offenders = new ArrayList<>();
        int read = 0;
        for (String module : SERVER_MODULES) {
            Path sources = Path.of("..", module, "src", "main", "java");
            try (Stream<Path> files = Files.walk(sources)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    read++;
                    if (STATIC_JSON.matcher(Files.readString(file)).find()) {
                        offenders.add(module + "/" + sources.relativize(file));
                    }
                }
            }
        }
        assertTrue(read > 300, "the scan read the server's modules (" + read + " files)");
        assertEquals(List.of(), offenders, "use io.moe.domain.shared.Jsonp instead of jakarta.json.Json");
    }
}
