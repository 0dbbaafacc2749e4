package io.moe.infrastructure.redis;

import io.moe.application.pipeline.experts.ErrorExamples.Correction;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The correction store against a real Redis: the lists a correction is in while pending, approved, deleted. */
class RedisCorrectionStoreTest {

    private final RedisCorrectionStore store = store();

    private static RedisCorrectionStore store() {
        RedisCorrectionStore store = new RedisCorrectionStore();
        store.redis = TestRedis.store();
        return store;
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }

    private static Correction pending(String user, List<String> categories, long createdMillis) {
        return new Correction(unique(), user, categories, "2+2 is 4, not 5 " + unique(), "pending",
                "2030-01-15T12:00:00Z", createdMillis);
    }

    @Test
    void aPendingCorrectionIsListedOnlyForItsAuthor() {
        String user = "u-" + unique();
        String math = "math-" + unique();
        String code = "code-" + unique();
        Correction c = pending(user, List.of(math, code), 1000);
        store.add(c, 10);
        assertEquals(c, store.find(c.id()).orElseThrow());
        assertEquals(List.of(c.id()), store.newestOfUser(user, math, 2));
        assertEquals(List.of(c.id()), store.newestOfUser(user, code, 2));
        assertEquals(List.of(), store.newestApproved(math, 2));
        assertTrue(store.newest("pending", Integer.MAX_VALUE).contains(c.id()));
    }

    @Test
    void anApprovedCorrectionMovesFromItsAuthorsListsToTheSharedOnes() {
        String user = "u-" + unique();
        String math = "math-" + unique();
        Correction c = pending(user, List.of(math), 2000);
        store.add(c, 10);
        assertTrue(store.approve(c.id()));
        assertTrue(store.approve(c.id()), "approving twice changes nothing");
        assertEquals("approved", store.find(c.id()).orElseThrow().status());
        assertEquals(List.of(), store.newestOfUser(user, math, 2));
        assertEquals(List.of(c.id()), store.newestApproved(math, 2));
        assertTrue(store.newest("approved", Integer.MAX_VALUE).contains(c.id()));
        assertFalse(store.newest("pending", Integer.MAX_VALUE).contains(c.id()));
    }

    @Test
    void aUsersPromptsAreShownTheirOwnPendingThenTheApprovedCorrections() {
        String author = "u-" + unique();
        String other = "u-" + unique();
        String math = "math-" + unique();
        Correction approved = pending(other, List.of(math), 1000);
        store.add(approved, 10);
        store.approve(approved.id());
        Correction own = pending(author, List.of(math), 2000);
        store.add(own, 10);
        store.add(pending(other, List.of(math), 3000), 10);
        assertEquals(List.of(own.id(), approved.id()), store.newestShownTo(author, math, 2));
        assertEquals(List.of(approved.id()), store.newestShownTo(null, math, 2), "no user: the approved ones only");
    }

    @Test
    void aDeletedCorrectionIsInNoList() {
        String user = "u-" + unique();
        String math = "math-" + unique();
        Correction pending = pending(user, List.of(math), 3000);
        Correction approved = pending(user, List.of(math), 3001);
        store.add(pending, 10);
        store.add(approved, 10);
        store.approve(approved.id());
        assertTrue(store.delete(pending.id()));
        assertTrue(store.delete(approved.id()));
        assertFalse(store.delete(approved.id()));
        assertTrue(store.find(pending.id()).isEmpty());
        assertEquals(List.of(), store.newestOfUser(user, math, 2));
        assertEquals(List.of(), store.newestApproved(math, 2));
        assertFalse(store.newest("pending", Integer.MAX_VALUE).contains(pending.id()));
        assertFalse(store.newest("approved", Integer.MAX_VALUE).contains(approved.id()));
    }

    @Test
    void aUserKeepsOnlyTheNewestPendingCorrectionsUpToTheBound() {
        String user = "u-" + unique();
        String math = "math-" + unique();
        Correction oldest = pending(user, List.of(math), 4000);
        Correction middle = pending(user, List.of(math), 4001);
        Correction newest = pending(user, List.of(math), 4002);
        store.add(oldest, 2);
        store.add(middle, 2);
        store.add(newest, 2);
        assertTrue(store.find(oldest.id()).isEmpty());
        assertTrue(store.find(middle.id()).isPresent());
        assertEquals(List.of(newest.id(), middle.id()), store.newestOfUser(user, math, 2));
        assertFalse(store.newest("pending", Integer.MAX_VALUE).contains(oldest.id()));
    }

    @Test
    void anUnknownCorrectionCannotBeApprovedOrDeleted() {
        assertFalse(store.approve(unique()));
        assertFalse(store.delete(unique()));
        assertTrue(store.find(unique()).isEmpty());
    }
}
