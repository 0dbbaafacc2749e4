package io.moe.devservices;

import redis.embedded.RedisServer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Redis from the embedded-redis binary, persisting to {@code <data>/redis} (append-only file). */
final class RedisStore implements Store {

    private final Path dataDir;
    private final int port;
    private RedisServer redis;

    RedisStore(Path data, int port) {
        this.dataDir = data.resolve("redis");
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
        redis = RedisServer.newRedisServer()
                .port(port)
                .bind("127.0.0.1")
                .setting("dir " + dataDir.toAbsolutePath())
                .setting("appendonly yes")
                .setting("save \"\"")
                .setting("protected-mode yes")
                .onShutdownForceStop(true)
                .build();
        redis.start();
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
    }
}
