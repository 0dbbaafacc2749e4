package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.experts.ErrorExamples.Correction;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The corrections behind {@link ErrorExamples}: each correction, the pending and the approved ones by
 * time, and per category the newest ids of each user's pending corrections and of the approved ones.
 * Every change is one atomic step. Every method fails with a runtime exception when the store cannot be
 * reached.
 */
public interface CorrectionStore {

    /**
     * Keeps a new pending correction, newest in the user's list of each of its categories; then drops the
     * user's oldest pending corrections beyond {@code pendingPerUser}.
     */
    void add(Correction correction, int pendingPerUser);

    /** Ids of the newest (at most {@code n}) pending corrections of the user in the category, newest first. */
    List<String> newestOfUser(String userId, String category, int n);

    /** Ids of the newest (at most {@code n}) approved corrections in the category, newest first. */
    List<String> newestApproved(String category, int n);

    /**
     * The ids a user's experts may be shown for the category, in one step: the user's newest pending ones (none when
     * {@code userId} is null), then the newest approved ones, at most {@code n} of each.
     */
    default List<String> newestShownTo(String userId, String category, int n) {
        List<String> ids = new ArrayList<>(userId == null ? List.of() : newestOfUser(userId, category, n));
        ids.addAll(newestApproved(category, n));
        return ids;
    }

    /** Ids of the newest (at most {@code n}) corrections of a status ({@code pending} or {@code approved}). */
    List<String> newest(String status, int n);

    Optional<Correction> find(String id);

    /** Marks a correction approved and moves it from its author's lists to the shared ones; false when there is none. */
    boolean approve(String id);

    /** Removes a correction from every list; false when there is none. */
    boolean delete(String id);
}
