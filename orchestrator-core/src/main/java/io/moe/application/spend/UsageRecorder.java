package io.moe.application.spend;

import io.moe.domain.identity.UsageEntry;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes usage rows off the request thread. A failed write is retried with growing pauses (0.5 s to
 * 16 s, six attempts); a row that still cannot be written is logged in full at SEVERE so an operator
 * can replay it. What a crash can lose: the rows queued in memory at that moment.
 */
@ApplicationScoped
public class UsageRecorder {

    static final int ATTEMPTS = 6;
    private static final Logger LOG = Logger.getLogger(UsageRecorder.class.getName());

    @Inject
    UsageWriter writer;

    @Resource
    ManagedScheduledExecutorService scheduler;

    public void record(UsageEntry entry) {
        scheduler.execute(() -> attempt(entry, 1));
    }

    private void attempt(UsageEntry entry, int attempt) {
        try {
            writer.write(entry);
        } catch (RuntimeException e) {
            if (attempt >= ATTEMPTS) {
                LOG.log(Level.SEVERE, "Usage row lost after " + ATTEMPTS + " attempts: id=" + entry.id() + " user=" + entry.userId()
                        + " key=" + entry.apiKeyId() + " request=" + entry.requestId() + " model=" + entry.model()
                        + " prompt=" + entry.promptTokens() + " completion=" + entry.completionTokens()
                        + " status=" + entry.status() + " at=" + entry.requestedAt(), e);
                return;
            }
            long delayMillis = 500L << (attempt - 1);
            LOG.warning(() -> "Usage row " + entry.id() + " not written (attempt " + attempt + "), retrying: " + e.getMessage());
            scheduler.schedule(() -> attempt(entry, attempt + 1), delayMillis, TimeUnit.MILLISECONDS);
        }
    }
}
