package io.moe.devservices;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * PostgreSQL 16 from the zonky binaries, run with {@code initdb} and {@code pg_ctl}. Its cluster lives
 * in {@code <data>/postgres} (kept across restarts) with database {@code moe} owned by role {@code moe}
 * (password {@code moe}); it listens on 127.0.0.1 only. PostgreSQL refuses to run as root: when the
 * launcher is root, the server runs as user {@code nobody} through {@code setpriv}, which needs a data
 * folder that user can reach (not one under a private home folder such as {@code /root}).
 */
final class PostgresStore implements Store {

    static final String DATABASE = "moe";
    static final String USER = "moe";
    static final String PASSWORD = "moe";
    private static final String UNPRIVILEGED = "nobody";

    private final Path dataDir;
    private final Path runDir;
    private final Path binariesDir;
    private final int port;
    private Path bin;
    private boolean running;

    private final Path relocatedFrom;

    PostgresStore(Path data, int port) {
        Path base = data.toAbsolutePath().normalize();
        this.relocatedFrom = canRunUnder(base) ? null : base;
        if (relocatedFrom != null) {
            // As root under a private folder (e.g. /root) user nobody cannot reach the cluster: keep it in a
            // stable folder of its own instead, derived from the data folder so it survives restarts too.
            base = relocated(base);
        }
        this.dataDir = base.resolve("postgres");
        this.runDir = base.resolve("postgres-run");
        this.binariesDir = base.resolve("tmp").resolve("postgres-16");
        this.port = port;
    }

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public String configuredBy() {
        return "MOE_DB_URL";
    }

    @Override
    public void start() throws IOException, SQLException, InterruptedException {
        if (relocatedFrom != null) {
            StoreSet.log("postgres: user " + UNPRIVILEGED + " cannot reach " + relocatedFrom + ", so the cluster lives in "
                    + dataDir.getParent() + " (choose a --data folder outside a private home folder to keep it together)");
        }
        bin = PostgresBinaries.unpack(binariesDir).resolve("bin");
        Files.createDirectories(runDir);
        if (!Files.exists(dataDir.resolve("PG_VERSION"))) {
            Files.createDirectories(dataDir);
            Files.setPosixFilePermissions(dataDir, PosixFilePermissions.fromString("rwx------"));
            handToServerUser();
            run("initdb", "-D", dataDir.toString(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync");
        }
        handToServerUser();
        run("pg_ctl", "-D", dataDir.toString(), "-l", runDir.resolve("postgres.log").toString(), "-w", "-t", "60",
                // fsync off: an operating-system crash may lose the last writes, a crash of PostgreSQL itself may not. So
                // commits stay synchronous (the WAL is written before a commit is acknowledged, just not flushed to disk):
                // with synchronous_commit=off a killed server lost usage rows whose commit it had acknowledged
                "-o", "-p " + port + " -k " + runDir + " -c listen_addresses=127.0.0.1 -c fsync=off"
                        + " -c max_connections=100", "start");
        running = true;
        createDatabase();
    }

    @Override
    public void stopLeftOver() throws IOException {
        if (!Files.exists(dataDir.resolve("postmaster.pid")) || !canRunUnder(dataDir.getParent())) {
            return;
        }
        bin = PostgresBinaries.unpack(binariesDir).resolve("bin");
        Files.createDirectories(runDir);
        handToServerUser();
        try {
            try {
                run("pg_ctl", "-D", dataDir.toString(), "status");
            } catch (IOException notRunning) {
                return;
            }
            StoreSet.log("postgres: stopping a server left running in " + dataDir);
            run("pg_ctl", "-D", dataDir.toString(), "-m", "fast", "-w", "-t", "30", "stop");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the server left running in " + dataDir, e);
        }
    }

    /** Creates role and database on first start; a restart with kept data finds them. */
    private void createDatabase() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres", "");
             Statement s = c.createStatement()) {
            if (!exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ?", USER)) {
                s.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'"); // constants, no input
            }
            if (!exists(c, "SELECT 1 FROM pg_database WHERE datname = ?", DATABASE)) {
                s.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
            }
        }
    }

    private static boolean exists(Connection c, String sql, String name) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(sql)) {
            q.setString(1, name);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** As root, gives the cluster's folders to the unprivileged user the server will run as. */
    private void handToServerUser() throws IOException {
        if (!dropsPrivileges()) {
            return;
        }
        UserPrincipalLookupService lookup = dataDir.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal user = lookup.lookupPrincipalByName(UNPRIVILEGED);
        GroupPrincipal group = lookup.lookupPrincipalByGroupName("nogroup");
        for (Path dir : List.of(dataDir, runDir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.toList()) {
                    PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
                    view.setOwner(user);
                    view.setGroup(group);
                }
            }
        }
    }

    private void run(String program, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (dropsPrivileges()) {
            command.addAll(List.of("setpriv", "--reuid=" + UNPRIVILEGED, "--regid=nogroup", "--clear-groups", "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(args));
        Path log = runDir.resolve(program + ".out");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .directory(runDir.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(program + " did not finish within 120 s; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IOException(program + " failed (exit " + process.exitValue() + "): " + Files.readString(log).strip()
                    + (program.equals("pg_ctl") ? "\n" + tail(runDir.resolve("postgres.log")) : ""));
        }
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    /** Root runs the server as {@code nobody}, when that user can reach the data folder. */
    private boolean dropsPrivileges() {
        return isRoot();
    }

    /** Whether the server can keep its cluster under {@code folder}: as root only where others can reach. */
    /** Where the cluster of {@code data} lives when user nobody cannot reach {@code data}. */
    static Path relocated(Path data) {
        return Path.of("/var/tmp", "moe-postgres-" + Integer.toHexString(data.toAbsolutePath().normalize().toString().hashCode()));
    }

    static boolean canRunUnder(Path folder) {
        return !isRoot() || reachableByOthers(folder.toAbsolutePath());
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean reachableByOthers(Path dir) {
        try {
            for (Path p = dir; p != null; p = p.getParent()) {
                // Folders still to be created get the usual umask, which lets others through.
                if (Files.exists(p) && !Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("MOE_DB_URL", jdbcUrl());
        env.put("MOE_DB_USER", USER);
        env.put("MOE_DB_PASSWORD", PASSWORD);
        return env;
    }

    @Override
    public void close() {
        if (!running) {
            return;
        }
        try {
            run("pg_ctl", "-D", dataDir.toString(), "-m", "fast", "-w", "-t", "30", "stop");
            running = false;
        } catch (IOException e) {
            System.err.println("postgres did not stop cleanly: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
