package io.moe.devservices;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code KEY=value} file that tells the run command and tests where the stores are. */
final class EnvFile {

    static final String READY = "DEVSERVICES_READY";

    private EnvFile() {
    }

    /** Writes the lines and then {@code DEVSERVICES_READY=1}, atomically, so a reader never sees half. */
    static void write(Path file, Map<String, String> environment) throws IOException {
        StringBuilder text = new StringBuilder();
        environment.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        text.append(READY).append("=1\n");
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temp = Files.createTempFile(parent, ".devservices", ".env");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The entries of a complete file, or an empty map while it is missing or incomplete. */
    static Map<String, String> read(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return env;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                env.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return "1".equals(env.get(READY)) ? env : Map.of();
    }
}
