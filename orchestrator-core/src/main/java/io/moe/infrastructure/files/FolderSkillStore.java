package io.moe.infrastructure.files;

import io.moe.application.skills.SkillRefusedException;
import io.moe.application.skills.SkillStore;
import io.moe.application.skills.StoredSkill;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The skills folder {@code moe.skills.dir}: {@code <name>.md} is an active skill, {@code <name>.md.disabled} an
 * inactive one. A write goes to a temporary file first and is then moved into place, so the pipeline never reads
 * half a file; a name always resolves inside the folder.
 */
@ApplicationScoped
public class FolderSkillStore implements SkillStore {

    static final String ACTIVE = ".md";
    static final String INACTIVE = ".md.disabled";

    @Inject
    @ConfigProperty(name = "moe.skills.dir")
    Optional<String> dir;

    @Override
    public List<StoredSkill> all() {
        Optional<Path> folder = folder().filter(Files::isDirectory);
        List<StoredSkill> skills = new ArrayList<>();
        if (folder.isEmpty()) {
            return skills;
        }
        try (Stream<Path> files = Files.list(folder.get())) {
            files.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).forEach(p -> {
                String file = p.getFileName().toString();
                if (file.endsWith(ACTIVE)) {
                    skills.add(new StoredSkill(file.substring(0, file.length() - ACTIVE.length()), true, read(p)));
                } else if (file.endsWith(INACTIVE)) {
                    skills.add(new StoredSkill(file.substring(0, file.length() - INACTIVE.length()), false, read(p)));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("the skills folder " + folder.get() + " cannot be read", e);
        }
        return skills;
    }

    @Override
    public Optional<StoredSkill> named(String name) {
        Path folder = requiredFolder();
        Path active = inside(folder, name + ACTIVE);
        if (Files.isRegularFile(active)) {
            return Optional.of(new StoredSkill(name, true, read(active)));
        }
        Path inactive = inside(folder, name + INACTIVE);
        return Files.isRegularFile(inactive) ? Optional.of(new StoredSkill(name, false, read(inactive))) : Optional.empty();
    }

    @Override
    public void write(StoredSkill skill) {
        Path folder = requiredFolder();
        Path target = inside(folder, skill.name() + (skill.active() ? ACTIVE : INACTIVE));
        Path other = inside(folder, skill.name() + (skill.active() ? INACTIVE : ACTIVE));
        try {
            // encoded first (refusing half a character rather than writing '?'), so a failure leaves no file behind
            java.nio.ByteBuffer encoded = StandardCharsets.UTF_8.newEncoder().encode(java.nio.CharBuffer.wrap(skill.markdown()));
            byte[] bytes = new byte[encoded.remaining()];
            encoded.get(bytes);
            Files.createDirectories(folder);
            Path temp = Files.createTempFile(folder, ".skill-", ".tmp");
            try {
                Files.write(temp, bytes);
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temp); // gone after the move; left by a failed write or move otherwise
            }
            Files.deleteIfExists(other);
        } catch (IOException e) {
            throw new UncheckedIOException("the skill " + skill.name() + " could not be written to " + folder, e);
        }
    }

    @Override
    public boolean delete(String name) {
        Path folder = requiredFolder();
        try {
            boolean active = Files.deleteIfExists(inside(folder, name + ACTIVE));
            boolean inactive = Files.deleteIfExists(inside(folder, name + INACTIVE));
            return active || inactive;
        } catch (IOException e) {
            throw new UncheckedIOException("the skill " + name + " could not be deleted from " + folder, e);
        }
    }

    private Optional<Path> folder() {
        return dir.filter(d -> !d.isBlank()).map(d -> Path.of(d).toAbsolutePath().normalize());
    }

    private Path requiredFolder() {
        return folder().orElseThrow(() -> new SkillRefusedException(Kind.CONFLICT, "no_skills_folder", null,
                "no skills folder is configured: set MOE_SKILLS_DIR"));
    }

    private static Path inside(Path folder, String file) {
        Path p = folder.resolve(file).normalize();
        if (!folder.equals(p.getParent())) {
            throw new SkillRefusedException(Kind.INVALID, "invalid_skill_name", "name", "a skill name cannot leave the skills folder");
        }
        return p;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
