package io.moe.application.identity;

import io.moe.domain.shared.Failures;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Records when keys were last used without a database write per request: uses are collected in
 * memory and written in one batch every 30 seconds (and when the application stops).
 */
@ApplicationScoped
public class KeyUsageTracker {

    static final long FLUSH_SECONDS = 30;
    private static final Logger LOG = Logger.getLogger(KeyUsageTracker.class.getName());

    @Resource(lookup = "jdbc/moe")
    DataSource db;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Map<String, Instant> pending = new ConcurrentHashMap<>();
    private ScheduledFuture<?> flushing;

    @PostConstruct
    void start() {
        flushing = scheduler.scheduleWithFixedDelay(this::flush, FLUSH_SECONDS, FLUSH_SECONDS, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        if (flushing != null) {
            flushing.cancel(false);
        }
        flush();
    }

    public void used(String apiKeyId) {
        used(apiKeyId, Instant.now());
    }

    void used(String apiKeyId, Instant at) {
        pending.put(apiKeyId, at);
    }

    /** Writes the collected uses; a failed batch is kept for the next flush. */
    public void flush() {
        if (pending.isEmpty()) {
            return;
        }
        List<Map.Entry<String, Instant>> batch = new ArrayList<>(pending.entrySet());
        try (Connection c = db.getConnection();
             // never backwards: another node may have written a later use of the same key first
             PreparedStatement q = c.prepareStatement("UPDATE api_key SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)")) {
            for (Map.Entry<String, Instant> e : batch) {
                q.setTimestamp(1, Timestamp.from(e.getValue()));
                q.setString(2, e.getKey());
                q.setTimestamp(3, Timestamp.from(e.getValue()));
                q.addBatch();
            }
            q.executeBatch();
            batch.forEach(e -> pending.remove(e.getKey(), e.getValue()));
        } catch (SQLException e) {
            LOG.warning(() -> "Could not record key use, retrying later: " + Failures.describe(e));
        }
    }
}
