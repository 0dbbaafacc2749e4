package io.moe.infrastructure.persistence.jdbc;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.application.cleanup.CleanupRun;
import io.moe.application.cleanup.CleanupStore;
import io.moe.application.cleanup.JobSettings;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Cleanup settings and runs in tables {@code cleanup_job} and {@code cleanup_run} (V13). A scheduled run is
 * claimed by one conditional UPDATE of the job's {@code next_run_at}: PostgreSQL lets exactly one of several
 * nodes asking at once see the row as due.
 */
@ApplicationScoped
@BehindDatabaseBreaker
public class JdbcCleanupStore implements CleanupStore {

    private static final String RUN_COLUMNS = "id, job, trigger_kind, started_at, finished_at, status, removed, message";

    @Resource(lookup = "jdbc/moe")
    DataSource db;

    @Override
    public Optional<JobSettings> settings(String job) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("SELECT is_enabled, interval_minutes, retention_days, max_entries FROM cleanup_job WHERE job = ?")) {
            q.setString(1, job);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? Optional.of(new JobSettings(job, rs.getInt(1) == 1, rs.getInt(2), rs.getInt(3), rs.getInt(4))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed("read the cleanup settings", e);
        }
    }

    @Override
    public void save(JobSettings s) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("INSERT INTO cleanup_job (job, is_enabled, interval_minutes, retention_days, max_entries,"
                     + " next_run_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (job) DO UPDATE SET is_enabled = EXCLUDED.is_enabled,"
                     + " interval_minutes = EXCLUDED.interval_minutes, retention_days = EXCLUDED.retention_days,"
                     + " max_entries = EXCLUDED.max_entries, updated_at = EXCLUDED.updated_at,"
                     // the schedule moves only when the job is switched on or its interval changes: saving the settings as
                     // they were (the whole config sent back) must not push every job's next run a whole interval away
                     + " next_run_at = CASE WHEN cleanup_job.is_enabled = 0 OR EXCLUDED.is_enabled = 0"
                     + " OR cleanup_job.interval_minutes <> EXCLUDED.interval_minutes OR cleanup_job.next_run_at IS NULL"
                     + " THEN EXCLUDED.next_run_at ELSE cleanup_job.next_run_at END")) {
            Instant now = Instant.now();
            q.setString(1, s.job());
            q.setInt(2, s.enabled() ? 1 : 0);
            q.setInt(3, s.intervalMinutes());
            q.setInt(4, s.retentionDays());
            q.setInt(5, s.maxEntries());
            q.setTimestamp(6, s.enabled() ? Timestamp.from(now.plusSeconds(60L * s.intervalMinutes())) : null);
            q.setTimestamp(7, Timestamp.from(now));
            q.executeUpdate();
        } catch (SQLException e) {
            throw failed("store the cleanup settings", e);
        }
    }

    @Override
    public boolean claimDue(CleanupRun run) {
        try (Connection c = db.getConnection();
             PreparedStatement claim = c.prepareStatement("UPDATE cleanup_job SET next_run_at = CAST(? AS timestamptz) + make_interval(mins => interval_minutes)"
                     + " WHERE job = ? AND is_enabled = 1 AND (next_run_at IS NULL OR next_run_at <= ?)");
             PreparedStatement record = c.prepareStatement("INSERT INTO cleanup_run (" + RUN_COLUMNS + ") VALUES (?, ?, ?, ?, NULL, 'running', 0, NULL)")) {
            c.setAutoCommit(false);
            try {
                claim.setTimestamp(1, Timestamp.from(run.startedAt()));
                claim.setString(2, run.job());
                claim.setTimestamp(3, Timestamp.from(run.startedAt()));
                if (claim.executeUpdate() != 1) {
                    c.rollback();
                    return false;
                }
                bind(record, run);
                record.executeUpdate();
                c.commit();
                return true;
            } catch (SQLException | RuntimeException e) {
                c.rollback(); // else restoring autocommit below would commit the claim without its run
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failed("claim the cleanup run", e);
        }
    }

    @Override
    public int interrupted(Instant startedBefore, Instant at, String message) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("UPDATE cleanup_run SET finished_at = ?, status = 'failed', message = ?"
                     + " WHERE status = 'running' AND started_at < ?")) {
            q.setTimestamp(1, Timestamp.from(at));
            q.setString(2, message);
            q.setTimestamp(3, Timestamp.from(startedBefore));
            return q.executeUpdate();
        } catch (SQLException e) {
            throw failed("end the interrupted cleanup runs", e);
        }
    }

    @Override
    public Optional<Instant> nextRun(String job) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("SELECT next_run_at FROM cleanup_job WHERE job = ? AND is_enabled = 1")) {
            q.setString(1, job);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() && rs.getTimestamp(1) != null ? Optional.of(rs.getTimestamp(1).toInstant()) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed("read the cleanup schedule", e);
        }
    }

    @Override
    public void started(CleanupRun run) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("INSERT INTO cleanup_run (" + RUN_COLUMNS + ") VALUES (?, ?, ?, ?, NULL, 'running', 0, NULL)")) {
            bind(q, run);
            q.executeUpdate();
        } catch (SQLException e) {
            throw failed("record the cleanup run", e);
        }
    }

    private static void bind(PreparedStatement insert, CleanupRun run) throws SQLException {
        insert.setString(1, run.id());
        insert.setString(2, run.job());
        insert.setString(3, run.trigger());
        insert.setTimestamp(4, Timestamp.from(run.startedAt()));
    }

    @Override
    public void finished(String runId, Instant at, String status, long removed, String message) {
        try (Connection c = db.getConnection();
             PreparedStatement q = c.prepareStatement("UPDATE cleanup_run SET finished_at = ?, status = ?, removed = ?, message = ? WHERE id = ?");
             PreparedStatement trim = c.prepareStatement("DELETE FROM cleanup_run WHERE id IN (SELECT id FROM cleanup_run"
                     + " ORDER BY started_at DESC OFFSET ?)")) {
            q.setTimestamp(1, Timestamp.from(at));
            q.setString(2, status);
            q.setLong(3, removed);
            q.setString(4, message);
            q.setString(5, runId);
            q.executeUpdate();
            trim.setInt(1, KEPT_RUNS);
            trim.executeUpdate();
        } catch (SQLException e) {
            throw failed("record the end of the cleanup run", e);
        }
    }

    @Override
    public List<CleanupRun> history(String job, int limit) {
        String sql = "SELECT " + RUN_COLUMNS + " FROM cleanup_run" + (job == null ? "" : " WHERE job = ?") + " ORDER BY started_at DESC LIMIT ?";
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(sql)) {
            int i = 1;
            if (job != null) {
                q.setString(i++, job);
            }
            q.setInt(i, limit);
            List<CleanupRun> runs = new ArrayList<>();
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    Timestamp finished = rs.getTimestamp(5);
                    runs.add(new CleanupRun(rs.getString(1), rs.getString(2), rs.getString(3), rs.getTimestamp(4).toInstant(),
                            finished == null ? null : finished.toInstant(), rs.getString(6), rs.getLong(7), rs.getString(8)));
                }
            }
            return runs;
        } catch (SQLException e) {
            throw failed("read the cleanup history", e);
        }
    }

    private static IllegalStateException failed(String what, SQLException e) {
        return new IllegalStateException("cannot " + what + ": " + e.getMessage(), e);
    }
}
