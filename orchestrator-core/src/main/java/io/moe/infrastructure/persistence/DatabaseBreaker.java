package io.moe.infrastructure.persistence;

import io.moe.application.overview.Monitoring;
import io.moe.application.overview.StoreProbe;
import io.moe.application.overview.StoreState;
import io.moe.infrastructure.concurrency.WorkerThread;
import io.moe.infrastructure.persistence.jdbc.JdbcDatabaseCheck;
import io.moe.infrastructure.web.StoreFailures;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;

import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * PostgreSQL's circuit breaker. A thread of its own asks the database {@code SELECT 1} every {@link #CHECK_EVERY}.
 * While a check has been waiting longer than {@link #UNANSWERED_AFTER}, or the last check failed, or a call of an
 * adapter failed because the database could not be reached, the breaker is open: the adapters behind it
 * ({@link BehindDatabaseBreaker}) are refused at once with a failure the error mappers answer 503
 * {@code database_unavailable}, instead of each request holding its thread for the socket timeout
 * ({@code moe.db.socket-timeout-seconds}, 60 s) of a database that hangs. The next check that is answered closes it.
 * Requests for answers do not need the database while it is open (keys and templates are held in memory, usage rows
 * wait in Redis' journal); sign-ins, keys not yet known and administrative changes are what it refuses. The health
 * page shows PostgreSQL as the breaker sees it: down with the reason while open, otherwise the last check.
 */
@ApplicationScoped
public class DatabaseBreaker implements StoreProbe {

    static final Duration CHECK_EVERY = Duration.ofSeconds(2);
    static final Duration UNANSWERED_AFTER = Duration.ofSeconds(3);
    private static final Logger LOG = Logger.getLogger(DatabaseBreaker.class.getName());

    @Inject
    JdbcDatabaseCheck database;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    /** How long a check may wait before the breaker opens (tests shorten it). */
    Duration unansweredAfter = UNANSWERED_AFTER;
    /** The pause between checks (tests shorten it). */
    Duration checkEvery = CHECK_EVERY;

    private final WorkerThread checker = new WorkerThread("moe-database-check");
    private volatile boolean checking;
    private volatile long checkStartedNanos;
    /** Why the breaker is open after a failure; null while the database answers. */
    private volatile String failed;
    private volatile StoreState lastCheck;
    private volatile boolean unansweredReported;
    private volatile boolean stopping;
    private final AtomicLong openings = new AtomicLong();

    /** Returns when the breaker is closed; otherwise throws a failure the error mappers answer 503 {@code database_unavailable}. */
    public void admit() {
        startChecking();
        String open = openBecause();
        if (open != null) {
            throw new PersistenceException(open, new SQLTransientConnectionException(open, "08006"));
        }
    }

    @Override
    public String store() {
        return "PostgreSQL";
    }

    /** Down with the reason while the breaker is open; otherwise the last check's answer and time. */
    @Override
    public StoreState check() {
        startChecking();
        String open = openBecause();
        if (open != null) {
            return new StoreState(store(), false, open, 0);
        }
        StoreState last = lastCheck;
        return last != null ? last : database.check();
    }

    private void startChecking() {
        if (!checker.started()) {
            checker.start(threads, this::checkRepeatedly);
        }
    }

    /** Opens the breaker when {@code failure} says the database could not be reached or did not answer in time. */
    public void failed(Throwable failure) {
        if (StoreFailures.databaseUnreachable(failure)) {
            open("PostgreSQL could not be reached: " + StoreState.reason(failure));
        }
    }

    /** Why the breaker is open, or null while it is closed. */
    String openBecause() {
        if (checking) {
            long waiting = System.nanoTime() - checkStartedNanos;
            if (waiting > unansweredAfter.toNanos()) {
                String why = "PostgreSQL has not answered a check for " + waiting / 1_000_000_000 + " s";
                if (!unansweredReported) {
                    unansweredReported = true;
                    if (failed == null) {
                        openings.incrementAndGet();
                    }
                    LOG.warning(() -> why + "; calls that need it are refused until it answers");
                }
                return why;
            }
        }
        return failed;
    }

    private void checkRepeatedly() {
        while (!Thread.currentThread().isInterrupted()) {
            checkOnce();
            try {
                Thread.sleep(checkEvery.toMillis());
            } catch (InterruptedException stopped) {
                return;
            }
        }
    }

    /** One check: its answer closes the breaker, its failure opens it. */
    private void checkOnce() {
        checkStartedNanos = System.nanoTime();
        checking = true;
        StoreState state;
        try {
            state = database.check();
        } finally {
            checking = false;
        }
        if (stopping) {
            return; // the application's persistence unit is already closed
        }
        lastCheck = state;
        if (state.up()) {
            if (failed != null || unansweredReported) {
                LOG.info("PostgreSQL answers again: its circuit breaker is closed");
            }
            failed = null;
            unansweredReported = false;
        } else {
            open("PostgreSQL failed its last check: " + state.detail());
        }
    }

    private void open(String why) {
        if (failed == null) {
            if (!unansweredReported) {
                openings.incrementAndGet(); // a check that hung and then failed was counted when it hung
            }
            LOG.warning(() -> why + "; calls that need it are refused until a check (every " + checkEvery.toMillis()
                    + " ms) is answered");
        }
        failed = why;
    }

    /** The breaker for the monitoring page: open while calls that need the database are refused. */
    @Override
    public Optional<Monitoring.Breaker> breaker() {
        return Optional.of(Monitoring.Breaker.ofStore(store(), openBecause() != null, openings.get()));
    }

    @PreDestroy
    void stop() {
        stopping = true;
        checker.stop(Duration.ofSeconds(1));
    }
}
