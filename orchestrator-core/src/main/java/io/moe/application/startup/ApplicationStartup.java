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
import jakarta.inject.Inject;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Prepares the stores before the first request: schema migration, then the first admin, the
 * inference servers (seeded on the first start, then probed) and the default template. It runs when the
 * application starts; when a store is not reachable then, the readiness check calls {@link #ensureReady()}
 * again until it succeeds.
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

    private volatile boolean ready;

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        try {
            ensureReady();
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Start-up preparation failed; /health reports DOWN until it succeeds", e);
        }
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
