package io.moe.application.startup;

import io.moe.application.cleanup.CleanupScheduler;
import io.moe.application.identity.FirstAdminBootstrap;
import io.moe.application.events.KnowledgeIngest;
import io.moe.application.servers.InferenceServerAdministration;
import io.moe.application.servers.ServerProbes;
import io.moe.application.template.TemplateCatalog;
import io.moe.infrastructure.persistence.SchemaMigration;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import io.moe.application.events.EventOutbox;
import io.moe.application.spend.UsageJournalReader;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Prepares the stores before the first request: schema migration, then the first admin, the
 * inference servers (seeded on the first start, then probed) and the default template. It runs when the
 * application starts; when a store is not reachable then, each readiness probe starts one more attempt on a thread
 * of its own and answers at once (a hung PostgreSQL never holds a probe), until an attempt succeeds.
 */
@ApplicationScoped
public class ApplicationStartup {

    private static final Logger LOG = Logger.getLogger(ApplicationStartup.class.getName());

    @Inject
    SchemaMigration schema;

    @Inject
    FirstAdminBootstrap firstAdmin;

    @Inject
    TemplateCatalog templates;

    @Inject
    KnowledgeIngest ingest;

    @Inject
    InferenceServerAdministration servers;

    @Inject
    ServerProbes probes;

    @Inject
    EventOutbox outbox;

    @Inject
    CleanupScheduler cleanupScheduler;

    @Inject
    UsageJournalReader usageJournal;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    private volatile boolean ready;
    private volatile String failure;
    private final AtomicBoolean attempting = new AtomicBoolean();

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        if (attempting.compareAndSet(false, true)) {
            attempt();
        }
    }

    /** One attempt of the preparation, by whoever set {@code attempting}; clears it when done. */
    private void attempt() {
        try {
            ensureReady();
            failure = null;
        } catch (RuntimeException e) {
            String reason = String.valueOf(e.getMessage());
            if (!reason.equals(failure)) {
                LOG.log(Level.SEVERE, "Start-up preparation failed; /health reports DOWN until it succeeds", e);
            }
            failure = reason;
        } finally {
            attempting.set(false);
        }
    }

    /**
     * For the readiness check, which must never wait: null once prepared; otherwise why not yet (the last attempt's
     * failure, or that one runs), and one more attempt is started in the background unless one runs.
     */
    public String notReadyBecause() {
        if (ready) {
            return null;
        }
        if (attempting.compareAndSet(false, true)) {
            try {
                threads.newThread(this::attempt).start();
            } catch (RuntimeException e) {
                attempting.set(false);
                return "the preparation could not be started again: " + e.getMessage();
            }
        }
        String last = failure;
        return last != null ? last : "preparing the stores (schema migration, first admin, inference servers)";
    }

    public boolean isReady() {
        return ready;
    }

    public synchronized void ensureReady() {
        if (ready) {
            return;
        }
        schema.migrate();
        firstAdmin.ensureFirstAdmin();
        servers.seedIfEmpty();
        probes.start();
        templates.seedDefault();
        ingest.start();
        outbox.start();
        usageJournal.start();
        cleanupScheduler.start();
        ready = true;
    }
}
