package io.moe.application.pipeline.experts;

import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Numeric corrections from negative feedback, shown to a category's experts as examples of mistakes not
 * to repeat (the newest two a user may see). They are tenant-safe (DESIGN §8): a correction starts
 * <em>pending</em> and reaches only the prompts of the user who wrote it; once an admin approves it, it
 * reaches every user's prompts; an admin may also delete it. Each user keeps at most
 * {@code moe.learning.pending-corrections-per-user} pending corrections (the oldest go first).
 *
 * <p>Kept in a {@link CorrectionStore} (Redis): each correction, the pending and approved ones by time
 * (for the admin list), and per category the newest ids of each user's pending corrections and of the
 * approved ones (for the prompts). Reading for a prompt fails soft (no examples); the admin operations
 * fail with the exception.
 */
@ApplicationScoped
public class ErrorExamples {

    public static final String PENDING = "pending";
    public static final String APPROVED = "approved";
    static final int SHOWN = 2;
    private static final Logger LOG = Logger.getLogger(ErrorExamples.class.getName());

    @Inject
    CorrectionStore store;

    /** Pending corrections one user may have; older ones are dropped when more come. */
    @Inject
    @ConfigProperty(name = "moe.learning.pending-corrections-per-user")
    int pendingPerUser;

    /** A stored correction as the admin API shows it. */
    public record Correction(String id, String userId, List<String> categories, String example, String status,
                             String created, long createdMillis) {
    }

    /** Stores a pending correction of {@code userId} for the categories; returns its id. */
    public String add(String userId, Set<String> categories, String example) {
        String id = Ids.newId();
        OffsetDateTime now = Ids.nowUtc();
        store.add(new Correction(id, userId, List.copyOf(categories), example, PENDING, Ids.iso(now),
                now.toInstant().toEpochMilli()), pendingPerUser);
        return id;
    }

    /**
     * The newest corrections the caller's experts see for the category: the caller's own pending ones and
     * the approved ones, at most two. Empty when the store cannot be asked.
     */
    public List<String> recent(Caller caller, String category) {
        return shown(caller, category).examples();
    }

    /**
     * The examples a prompt for {@code caller} shows, and whether one of them is the caller's own correction that no
     * admin approved yet: an answer written with it is the caller's alone (neither cached nor turned into graph facts).
     */
    public Shown shown(Caller caller, String category) {
        try {
            Set<String> ids = new LinkedHashSet<>(store.newestShownTo(caller == null ? null : caller.userId(), category, SHOWN));
            List<Correction> shown = ids.stream().map(this::find).flatMap(Optional::stream)
                    .filter(c -> APPROVED.equals(c.status())
                            || (caller != null && PENDING.equals(c.status()) && caller.userId().equals(c.userId())))
                    .sorted(Comparator.comparingLong(Correction::createdMillis).reversed())
                    .limit(SHOWN).toList();
            return new Shown(shown.stream().map(Correction::example).toList(), shown.stream().anyMatch(c -> PENDING.equals(c.status())));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "error examples unavailable", e);
            return new Shown(List.of(), false);
        }
    }

    /** The examples a prompt shows; {@code ownPending}: one of them awaits an admin's approval. */
    public record Shown(List<String> examples, boolean ownPending) {
    }

    /** The newest corrections of a status ({@link #PENDING} or {@link #APPROVED}), at most {@code limit}. */
    public List<Correction> list(String status, int limit) {
        return store.newest(APPROVED.equals(status) ? APPROVED : PENDING, limit).stream().map(this::find)
                .flatMap(Optional::stream).toList();
    }

    public Optional<Correction> find(String id) {
        return store.find(id);
    }

    /** Makes a correction visible to every user's experts; empty when there is no such correction. */
    public Optional<Correction> approve(String id) {
        return store.approve(id) ? find(id) : Optional.empty();
    }

    /** Removes a correction from every prompt and list; false when there is no such correction. */
    public boolean delete(String id) {
        return store.delete(id);
    }
}
