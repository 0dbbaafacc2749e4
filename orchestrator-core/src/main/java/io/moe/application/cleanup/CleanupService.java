package io.moe.application.cleanup;

import io.moe.application.shared.UnitOfWork;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Refusal;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The cleanup jobs for {@code /api/cleanup} and the admin page: their settings, a run started at once (in the
 * background, on the container's managed executor) or by the scheduler, and the run history. Every run is
 * recorded before it starts and finished with its count or its error, so a run that fails is visible.
 */
@ApplicationScoped
public class CleanupService {

    public static final int MAX_HISTORY = 500;
    private static final int RECENT_RUNS = 20;
    private static final long AWAIT_STEP_MILLIS = 25;
    private static final Logger LOG = Logger.getLogger(CleanupService.class.getName());
    /**
     * The longest a run can take: one still running after this lost its node (stopped or died while it ran) and is ended
     * as failed, so the history and the status page do not show it running for ever. (A run removes at most 100,000 rows
     * in bounded batches; minutes, not hours.)
     */
    static final Duration LONGEST_RUN = Duration.ofHours(6);
    static final String INTERRUPTED = "interrupted: the server running it stopped before it ended";
    /** The jobs running on this node, with their runs: a job never runs twice at once here (a manual start while it runs is a 409). */
    private final Map<String, String> running = new ConcurrentHashMap<>();
    /** The spec's names of the original system's jobs, which belong to its Docker host and do not exist here. */
    static final List<String> DOCKER_HOST_JOBS = List.of("docker_prune", "checkpoint_archive");

    @Inject
    Jobs jobs;

    @Inject
    CleanupStore store;

    @Resource
    ManagedScheduledExecutorService executor;

    /** A job with its settings, next scheduled run and last run. */
    public record JobStatus(CleanupJob job, JobSettings settings, Optional<Instant> nextRun, Optional<CleanupRun> lastRun,
                            Long averageMillis, int recentRuns) {
    }

    public List<CleanupJob> jobs() {
        return jobs.all();
    }

    public List<JobStatus> status() {
        return jobs.all().stream().map(this::status).toList();
    }

    private JobStatus status(CleanupJob job) {
        List<CleanupRun> runs = store.history(job.name(), 20);
        List<Long> times = runs.stream().map(CleanupRun::millis).filter(m -> m != null).toList();
        Long average = times.isEmpty() ? null : times.stream().mapToLong(Long::longValue).sum() / times.size();
        return new JobStatus(job, settings(job.name()), store.nextRun(job.name()), runs.stream().findFirst(), average, runs.size());
    }

    public JobSettings settings(String name) {
        CleanupJob job = job(name);
        return store.settings(name).orElse(job.defaults());
    }

    public JobSettings change(JobSettings settings) {
        changeAll(List.of(settings));
        return settings;
    }

    /**
     * Changes several jobs' settings: every one is checked (the job exists, each value in range) before any is saved,
     * and they are saved in one transaction, so a database failure half-way leaves every job as it was.
     */
    @UnitOfWork
    public void changeAll(List<JobSettings> all) {
        List<JobSettings> checked = all.stream().map(s -> {
            job(s.job());
            return s.checked();
        }).toList();
        checked.forEach(store::save);
    }

    /** Starts {@code name} now in the background; the returned run is {@code running}, its end is in the history. */
    public CleanupRun runNow(String name) {
        CleanupJob job = job(name);
        CleanupRun run = new CleanupRun(Ids.newId(), name, "manual", Instant.now(), null, "running", 0, null);
        if (running.putIfAbsent(name, run.id()) != null) {
            throw new CleanupRefusedException(Refusal.Kind.CONFLICT, "already_running", "job", "cleanup job '" + name
                    + "' is running on this node already; its end shows in the history");
        }
        try {
            store.started(run);
            executor.execute(() -> {
                try {
                    execute(job, run);
                } finally {
                    running.remove(name, run.id());
                }
            });
        } catch (RejectedExecutionException e) {
            running.remove(name, run.id());
            store.finished(run.id(), Instant.now(), "failed", 0, "the server is too busy to start it; try again");
            throw new CleanupRefusedException(Refusal.Kind.UNAVAILABLE, "busy", null, "the server is too busy to start the job; try again");
        } catch (RuntimeException e) {
            running.remove(name, run.id());
            throw e;
        }
        return run;
    }

    /**
     * The run as it stands once it ended, or after {@code wait} if it still runs: a page that started a job shows
     * the same state in the job's row and in the history, not "running" above and "ok" below.
     */
    public CleanupRun awaitEnd(CleanupRun run, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        CleanupRun now = run;
        while (now.finishedAt() == null && System.nanoTime() < deadline) {
            try {
                Thread.sleep(AWAIT_STEP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return now;
            }
            now = store.history(run.job(), RECENT_RUNS).stream().filter(r -> r.id().equals(run.id())).findFirst().orElse(now);
        }
        return now;
    }

    /**
     * Runs every enabled job that is due and that this node claims (the scheduler's tick); first ends as failed the runs
     * whose node was lost while they ran ({@link #LONGEST_RUN}).
     */
    public void runDue() {
        Instant now = Instant.now();
        try {
            store.interrupted(now.minus(LONGEST_RUN), now, INTERRUPTED);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Cleanup runs of lost nodes not ended: " + e.getMessage(), e);
        }
        for (CleanupJob job : jobs.all()) {
            try {
                CleanupRun run = new CleanupRun(Ids.newId(), job.name(), "schedule", now, null, "running", 0, null);
                if (store.settings(job.name()).map(JobSettings::enabled).orElse(false) && !running.containsKey(job.name())
                        && running.putIfAbsent(job.name(), run.id()) == null) {
                    try {
                        if (store.claimDue(run)) {
                            execute(job, run);
                        }
                    } finally {
                        running.remove(job.name(), run.id());
                    }
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Scheduled cleanup " + job.name() + " not started: " + e.getMessage(), e);
            }
        }
    }

    /** Ends as failed the runs of this node that are still running when the server stops, instead of leaving them running. */
    @PreDestroy
    void stop() {
        Instant now = Instant.now();
        running.values().forEach(id -> {
            try {
                store.finished(id, now, "failed", 0, INTERRUPTED);
            } catch (RuntimeException e) {
                LOG.warning(() -> "Cleanup run " + id + " not ended at stop: " + e.getMessage());
            }
        });
    }

    public List<CleanupRun> history(String job, int limit) {
        if (job != null && !job.isBlank()) {
            job(job);
        }
        return store.history(job == null || job.isBlank() ? null : job, Math.max(1, Math.min(limit, MAX_HISTORY)));
    }

    private void execute(CleanupJob job, CleanupRun run) {
        try {
            long removed = job.run(settings(job.name()), run.startedAt());
            store.finished(run.id(), Instant.now(), "ok", removed, "removed " + removed);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Cleanup " + job.name() + " failed", e);
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            store.finished(run.id(), Instant.now(), "failed", 0, message.length() > 900 ? message.substring(0, 900) : message);
        }
    }

    private CleanupJob job(String name) {
        return jobs.named(name).orElseThrow(() -> new CleanupRefusedException(Refusal.Kind.NOT_FOUND, "unknown_job", "job",
                "there is no cleanup job '" + name + "'" + (DOCKER_HOST_JOBS.contains(name) ? " (it belongs to the original system's Docker host)" : "")
                        + "; the jobs are " + jobs.names()));
    }
}
