package io.moe.tools.files;

import io.moe.tools.ToolException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The folder of generated files. Names are {@code <16 hex>-<sanitised name>.<ext>}, so a download URL
 * cannot be guessed; files older than the time to live are deleted and no longer served.
 */
public final class Downloads {

    static final Pattern NAME = Pattern.compile("[0-9a-f]{16}-[A-Za-z0-9._-]{1,80}\\.[a-z]{2,4}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path dir;
    private final Duration ttl;
    private final Clock clock;

    public Downloads(Path dir, Duration ttl, Clock clock) {
        this.dir = dir;
        this.ttl = ttl;
        this.clock = clock;
    }

    public Duration ttl() {
        return ttl;
    }

    /** Stores {@code bytes} under a fresh name derived from {@code requested}; returns that name. */
    public String store(String requested, FileFormat format, byte[] bytes) {
        deleteExpired();
        String token = HexFormat.of().formatHex(randomBytes());
        String name = token + "-" + sanitise(requested) + "." + format.extension();
        try {
            Files.createDirectories(dir);
            Files.write(dir.resolve(name), bytes);
            return name;
        } catch (IOException e) {
            throw new ToolException(500, "storage_failed", null, "the file could not be stored: " + e.getMessage());
        }
    }

    /** The stored file, while it has not expired. */
    public Optional<Path> find(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            return Optional.empty();
        }
        Path file = dir.resolve(name);
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            if (expired(Files.getLastModifiedTime(file))) {
                Files.deleteIfExists(file);
                return Optional.empty();
            }
            return Optional.of(file);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public Instant expiresAt(String name) {
        try {
            return Files.getLastModifiedTime(dir.resolve(name)).toInstant().plus(ttl);
        } catch (IOException e) {
            return clock.instant().plus(ttl);
        }
    }

    /** A file name of letters, digits, dot, dash and underscore, at most 80 characters, without extension. */
    static String sanitise(String requested) {
        String base = requested == null ? "" : requested.trim();
        int slash = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
        base = base.substring(slash + 1);
        int dot = base.lastIndexOf('.');
        if (dot > 0) {
            base = base.substring(0, dot);
        }
        base = base.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^[._]+", "");
        if (base.length() > 80) {
            base = base.substring(0, 80);
        }
        return base.isEmpty() ? "file" : base;
    }

    private void deleteExpired() {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (NAME.matcher(f.getFileName().toString()).matches() && expired(Files.getLastModifiedTime(f))) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException ignored) {
            // a file that cannot be removed now is removed on a later call
        }
    }

    private boolean expired(FileTime modified) {
        return modified.toInstant().plus(ttl).isBefore(clock.instant());
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[8];
        RANDOM.nextBytes(b);
        return b;
    }
}
