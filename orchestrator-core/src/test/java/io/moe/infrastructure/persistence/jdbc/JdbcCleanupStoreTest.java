package io.moe.infrastructure.persistence.jdbc;

import io.moe.application.cleanup.CleanupRun;
import io.moe.application.cleanup.JobSettings;
import io.moe.infrastructure.persistence.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Cleanup runs against a real PostgreSQL: a claimed run is in the history at once; a run whose node was lost is ended. */
class JdbcCleanupStoreTest {

    private static final PGSimpleDataSource db = TestDatabase.migrated();
    private final String job = "job-" + UUID.randomUUID().toString().substring(0, 8);
    private final JdbcCleanupStore store = new JdbcCleanupStore();

    JdbcCleanupStoreTest() {
        store.db = db;
    }

    @AfterEach
    void remove() throws SQLException {
        try (Connection c = db.getConnection();
             PreparedStatement runs = c.prepareStatement("DELETE FROM cleanup_run WHERE job = ?");
             PreparedStatement jobs = c.prepareStatement("DELETE FROM cleanup_job WHERE job = ?")) {
            runs.setString(1, job);
            runs.executeUpdate();
            jobs.setString(1, job);
            jobs.executeUpdate();
        }
    }

    @Test
    void aClaimedRunIsRecordedInTheSameStepAndOnlyOneNodeClaimsIt() {
        store.save(new JobSettings(job, true, 5, 30, 1000));
        Instant due = Instant.now().plusSeconds(600);
        CleanupRun first = run(due);
        assertTrue(store.claimDue(first));
        assertEquals("running", store.history(job, 10).get(0).status(), "in the history from the claim on");
        assertFalse(store.claimDue(run(due)), "a second node asking at the same time");
        assertEquals(1, store.history(job, 10).size(), "and the refused claim recorded nothing");
    }

    @Test
    void savingTheSettingsAsTheyWereLeavesTheScheduleAndAChangedIntervalMovesIt() {
        store.save(new JobSettings(job, true, 60, 30, 1000));
        Instant next = store.nextRun(job).orElseThrow();
        store.save(new JobSettings(job, true, 60, 7, 1000)); // the whole config sent back, one retention changed
        assertEquals(next, store.nextRun(job).orElseThrow(), "not pushed a whole interval away");
        store.save(new JobSettings(job, true, 120, 7, 1000));
        assertTrue(store.nextRun(job).orElseThrow().isAfter(next), "a new interval starts a new schedule");
        store.save(new JobSettings(job, false, 120, 7, 1000));
        assertTrue(store.nextRun(job).isEmpty(), "a disabled job has no next run");
    }

    @Test
    void runsStillRunningLongAfterTheirStartAreEndedAsInterrupted() {
        CleanupRun lost = new CleanupRun(UUID.randomUUID().toString().replace("-", ""), job, "manual",
                Instant.parse("2001-01-01T00:00:00Z"), null, "running", 0, null);
        store.started(lost);
        CleanupRun recent = new CleanupRun(UUID.randomUUID().toString().replace("-", ""), job, "manual",
                Instant.parse("2001-01-01T07:00:00Z"), null, "running", 0, null);
        store.started(recent);
        assertEquals(1, store.interrupted(Instant.parse("2001-01-01T06:00:00Z"), Instant.parse("2001-01-01T08:00:00Z"), "interrupted"));
        CleanupRun ended = store.history(job, 10).stream().filter(r -> r.id().equals(lost.id())).findFirst().orElseThrow();
        assertEquals("failed", ended.status());
        assertEquals("interrupted", ended.message());
        assertEquals("running", store.history(job, 10).stream().filter(r -> r.id().equals(recent.id())).findFirst().orElseThrow().status());
    }

    private CleanupRun run(Instant at) {
        return new CleanupRun(UUID.randomUUID().toString().replace("-", ""), job, "schedule", at, null, "running", 0, null);
    }
}
