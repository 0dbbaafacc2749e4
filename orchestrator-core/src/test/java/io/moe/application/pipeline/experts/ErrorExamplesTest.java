package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.experts.ErrorExamples.Correction;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which corrections reach a user's prompt (tenant safety, DESIGN §8), over an in-memory store. */
class ErrorExamplesTest {

    /** Corrections in memory; lists are newest first, as the store promises. */
    private static final class MemoryCorrections implements CorrectionStore {
        final Map<String, Correction> byId = new LinkedHashMap<>();
        boolean down;

        @Override
        public void add(Correction c, int pendingPerUser) {
            byId.put(c.id(), c);
        }

        private List<String> newest(Predicate<Correction> which, int n) {
            List<Correction> all = new ArrayList<>(byId.values().stream().filter(which).toList());
            all.sort((a, b) -> Long.compare(b.createdMillis(), a.createdMillis()));
            return all.stream().limit(n).map(Correction::id).toList();
        }

        @Override
        public List<String> newestOfUser(String userId, String category, int n) {
            check();
            return newest(c -> c.userId().equals(userId) && c.categories().contains(category)
                    && ErrorExamples.PENDING.equals(c.status()), n);
        }

        @Override
        public List<String> newestApproved(String category, int n) {
            check();
            return newest(c -> c.categories().contains(category) && ErrorExamples.APPROVED.equals(c.status()), n);
        }

        @Override
        public List<String> newest(String status, int n) {
            return newest(c -> c.status().equals(status), n);
        }

        @Override
        public Optional<Correction> find(String id) {
            return Optional.ofNullable(byId.get(id));
        }

        @Override
        public boolean approve(String id) {
            Correction c = byId.get(id);
            if (c != null) {
                byId.put(id, new Correction(id, c.userId(), c.categories(), c.example(), ErrorExamples.APPROVED,
                        c.created(), c.createdMillis()));
            }
            return c != null;
        }

        @Override
        public boolean delete(String id) {
            return byId.remove(id) != null;
        }

        private void check() {
            if (down) {
                throw new IllegalStateException("connection refused");
            }
        }
    }

    private final MemoryCorrections store = new MemoryCorrections();
    private final ErrorExamples examples = examples(store);

    private static ErrorExamples examples(CorrectionStore store) {
        ErrorExamples examples = new ErrorExamples();
        examples.store = store;
        examples.pendingPerUser = 10;
        return examples;
    }

    private static Caller caller(String userId) {
        return new Caller(userId, userId, "k-" + userId, false, Map.of(), Limits.NONE);
    }

    private void put(String id, String user, String status, long createdMillis) {
        store.byId.put(id, new Correction(id, user, List.of("math"), "example " + id, status, "t", createdMillis));
    }

    @Test
    void aPendingCorrectionReachesOnlyTheUserWhoWroteIt() {
        String id = examples.add("alice", Set.of("math"), "7 * 8 is 56");
        assertEquals(List.of("7 * 8 is 56"), examples.recent(caller("alice"), "math"));
        assertTrue(examples.shown(caller("alice"), "math").ownPending(), "her answer is then hers alone");
        assertEquals(List.of(), examples.recent(caller("bob"), "math"));
        assertEquals(List.of(), examples.recent(null, "math"), "an anonymous prompt sees no pending correction");
        examples.approve(id);
        assertEquals(List.of("7 * 8 is 56"), examples.recent(caller("bob"), "math"));
        assertFalse(examples.shown(caller("alice"), "math").ownPending(), "approved: shared like any approved one");
    }

    @Test
    void aPromptShowsTheNewestTwoOfTheUsersOwnAndTheApprovedOnes() {
        put("a1", "alice", ErrorExamples.PENDING, 1);
        put("s2", "carol", ErrorExamples.APPROVED, 2);
        put("a3", "alice", ErrorExamples.PENDING, 3);
        put("b4", "bob", ErrorExamples.PENDING, 4);
        put("s5", "carol", ErrorExamples.APPROVED, 5);
        assertEquals(List.of("example s5", "example a3"), examples.recent(caller("alice"), "math"));
        assertEquals(List.of("example s5", "example b4"), examples.recent(caller("bob"), "math"));
    }

    @Test
    void aPromptGetsNoExamplesWhileTheStoreIsDown() {
        put("s1", "carol", ErrorExamples.APPROVED, 1);
        store.down = true;
        assertEquals(List.of(), examples.recent(caller("alice"), "math"));
    }

    @Test
    void theAdminListShowsOneStatusNewestFirst() {
        put("p1", "alice", ErrorExamples.PENDING, 1);
        put("p2", "bob", ErrorExamples.PENDING, 2);
        put("s3", "carol", ErrorExamples.APPROVED, 3);
        assertEquals(List.of("p2", "p1"), examples.list(ErrorExamples.PENDING, 10).stream().map(Correction::id).toList());
        assertEquals(List.of("s3"), examples.list(ErrorExamples.APPROVED, 10).stream().map(Correction::id).toList());
    }
}
