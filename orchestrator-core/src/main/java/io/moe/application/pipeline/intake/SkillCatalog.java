package io.moe.application.pipeline.intake;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The skills in the folder {@code moe.skills.dir}: every {@code *.md} file with front matter; a file
 * whose name ends in {@code .disabled} is inactive. The folder is read on every lookup, so adding,
 * editing or disabling a skill takes effect at once.
 */
@ApplicationScoped
public class SkillCatalog {

    @Inject
    @ConfigProperty(name = "moe.skills.dir")
    Optional<String> dir;

    public Optional<Skill> find(String name) {
        return all().values().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** Active skills by name. */
    public Map<String, Skill> all() {
        Map<String, Skill> skills = new LinkedHashMap<>();
        Optional<Path> folder = dir.filter(d -> !d.isBlank()).map(Path::of).filter(Files::isDirectory);
        if (folder.isEmpty()) {
            return skills;
        }
        try (Stream<Path> files = Files.list(folder.get())) {
            files.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(p ->
                    Skill.parse(read(p)).ifPresent(s -> skills.putIfAbsent(s.name(), s)));
        } catch (IOException e) {
            throw new UncheckedIOException("skills folder " + folder.get() + " cannot be read", e);
        }
        return skills;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
