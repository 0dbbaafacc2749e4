package io.moe.devservices;

import redis.embedded.RedisServer;
import redis.embedded.core.ExecutableProvider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Redis from the embedded-redis binary (unpacked into {@code <data>/tmp/redis-bin}, not the system
 * temp folder), persisting to {@code <data>/redis} (append-only file).
 */
final class RedisStore implements Store {

    private final Path dataDir;
    private final Path binaryDir;
    private final int port;
    private RedisServer redis;

    RedisStore(Path data, int port) {
        this.dataDir = data.resolve("redis");
        this.binaryDir = data.resolve("tmp").resolve("redis-bin");
        this.port = port;
    }

    @Override
    public String name() {
        return "redis";
    }

    @Override
    public String configuredBy() {
        return "MOE_REDIS_URL";
    }

    @Override
    public void start() throws IOException {
        Files.createDirectories(dataDir);
        Files.createDirectories(binaryDir);
        redis = RedisServer.newRedisServer()
                .executableProvider(ExecutableProvider.newJarResourceProvider(binaryDir.toFile()))
                .port(port)
                .bind("127.0.0.1")
                .setting("dir " + dataDir.toAbsolutePath())
                .setting("appendonly yes")
                .setting("save \"\"")
                .setting("protected-mode yes")
                .setting("pidfile " + pidFile())
                // SIGTERM, not SIGKILL, on stop: Redis then flushes its append-only file.
                .onShutdownForceStop(false)
                .build();
        redis.start();
    }

    private Path pidFile() {
        return dataDir.toAbsolutePath().resolve("redis.pid");
    }

    @Override
    public void stopLeftOver() throws IOException {
        if (!Files.exists(pidFile())) {
            return;
        }
        try {
            long pid = Long.parseLong(Files.readString(pidFile()).trim());
            ProcessHandle.of(pid)
                    .filter(p -> p.info().command().map(c -> c.startsWith(binaryDir.toAbsolutePath().toString())).orElse(false))
                    .ifPresent(p -> {
                        StoreSet.log("redis: stopping a server left running (pid " + pid + ")");
                        p.destroy();
                        p.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> p).join();
                    });
        } catch (NumberFormatException e) {
            // an unreadable pid file names nothing to stop
        }
        Files.deleteIfExists(pidFile());
    }

    @Override
    public Map<String, String> environment() {
        return Map.of("MOE_REDIS_URL", "redis://127.0.0.1:" + port);
    }

    @Override
    public void close() {
        if (redis != null) {
            try {
                redis.stop();
            } catch (IOException e) {
                System.err.println("redis did not stop cleanly: " + e.getMessage());
            }
        }
        try {
            stopLeftOver(); // a Redis started again by hand after it was killed (StoresRestartIT) writes the same pid file
        } catch (IOException e) {
            System.err.println("redis: the pid file could not be read: " + e.getMessage());
        }
    }
}
