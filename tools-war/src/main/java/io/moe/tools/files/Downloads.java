package io.moe.tools.files;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The folder of generated files. Names are {@code <16 hex>-<sanitised name>.<ext>}, so a download URL
 * cannot be guessed; files older than the time to live are deleted and no longer served. The folder and
 * its files are readable by the server's own account only. Storing respects the {@link DownloadQuota}:
 * a full folder is a 507 {@code storage_full}, a user holding too many files a 429 {@code too_many_files}.
 * Which user made which file is remembered in memory only, so after a restart older files count only
 * towards the total.
 */
public final class Downloads {

    static final Pattern NAME = Pattern.compile("[0-9a-f]{16}-[A-Za-z0-9._-]{1,80}\\.[a-z]{2,4}");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Logger LOG = Logger.getLogger(Downloads.class.getName());
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");

    private final Path dir;
    private final Duration ttl;
    private final DownloadQuota quota;
    private final Clock clock;
    private final Map<String, String> owners = new HashMap<>();

    public Downloads(Path dir, Duration ttl, DownloadQuota quota, Clock clock) {
        this.dir = dir;
        this.ttl = ttl;
        this.quota = quota;
        this.clock = clock;
    }

    public Duration ttl() {
        return ttl;
    }

    /**
     * Stores {@code bytes} for {@code owner} (a user id, or null for the orchestrator) under a fresh name
     * derived from {@code requested}; returns that name. Synchronised, so two stores cannot both pass
     * the quota check with the last free bytes.
     */
    public synchronized String store(String owner, String requested, FileFormat format, byte[] bytes) {
        deleteExpired();
        if (owner != null && owners.values().stream().filter(owner::equals).count() >= quota.maxFilesPerUser()) {
            throw new ToolException(Kind.TOO_MANY, "too_many_files", null, "you already have " + quota.maxFilesPerUser()
                    + " generated files; older ones expire " + ttl.toMinutes() + " minutes after they were made");
        }
        if (usedBytes() + bytes.length > quota.maxTotalBytes()) {
            throw new ToolException(Kind.STORAGE_FULL, "storage_full", null, "the download folder is full ("
                    + quota.maxTotalBytes() / 1_000_000 + " MB); older files expire " + ttl.toMinutes()
                    + " minutes after they were made, try again later");
        }
        String token = HexFormat.of().formatHex(randomBytes());
        String name = token + "-" + sanitise(requested) + "." + format.extension();
        try {
            ownerOnlyFolder();
            Path file = dir.resolve(name);
            if (posix()) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_FILE));
            }
            Files.write(file, bytes);
            owners.put(name, owner == null ? "" : owner);
            return name;
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Cannot store a generated file in " + dir, e);
            throw new ToolException(Kind.STORAGE_FULL, "storage_failed", null, "the file could not be stored; try again later");
        }
    }

    private void ownerOnlyFolder() throws IOException {
        if (!posix()) {
            Files.createDirectories(dir);
            return;
        }
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_DIR));
        }
        if (!Files.getPosixFilePermissions(dir).equals(OWNER_DIR)) {
            Files.setPosixFilePermissions(dir, OWNER_DIR); // made earlier with the default umask
        }
    }

    private boolean posix() {
        return dir.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private long usedBytes() {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        long total = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (NAME.matcher(f.getFileName().toString()).matches()) {
                    total += Files.size(f);
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Cannot measure the download folder " + dir, e);
        }
        return total;
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
            owners.clear();
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
        owners.keySet().removeIf(name -> !Files.exists(dir.resolve(name)));
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
