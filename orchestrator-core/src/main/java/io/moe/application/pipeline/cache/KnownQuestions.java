package io.moe.application.pipeline.cache;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The questions this node recently stored in the semantic cache or answered from it verbatim, as 64-bit digests in a
 * table of fixed size (65,536 slots, 512 KB). A hint only: a question found here is most likely a verbatim hit, so its
 * lookup asks the store first and embeds the question only when that misses; any other question is embedded while the
 * store is asked. A slot taken over by another question, another node's entries and a flag set since only cost the hint.
 */
final class KnownQuestions {

    private static final int SLOTS = 1 << 16;

    private final AtomicLongArray digests = new AtomicLongArray(SLOTS);

    void remember(String scope, String question) {
        long digest = digest(scope, question);
        digests.set(slot(digest), digest);
    }

    boolean knows(String scope, String question) {
        long digest = digest(scope, question);
        return digests.get(slot(digest)) == digest;
    }

    private static int slot(long digest) {
        return (int) (digest ^ (digest >>> 32)) & (SLOTS - 1);
    }

    /** FNV-1a over the scope, a separator and the question; never 0, the value of an empty slot. */
    private static long digest(String scope, String question) {
        long hash = 0xcbf29ce484222325L;
        String text = scope + '\u0000' + question;
        for (int i = 0; i < text.length(); i++) {
            hash = (hash ^ text.charAt(i)) * 0x100000001b3L;
        }
        return hash == 0 ? 1 : hash;
    }
}
