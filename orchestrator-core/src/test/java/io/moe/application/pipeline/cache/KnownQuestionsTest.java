package io.moe.application.pipeline.cache;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KnownQuestionsTest {

    private final KnownQuestions known = new KnownQuestions();

    @Test
    void aRememberedQuestionIsKnownInItsScopeOnly() {
        known.remember("default|default", "what is the speed of light");

        assertTrue(known.knows("default|default", "what is the speed of light"));
        assertFalse(known.knows("default|agent", "what is the speed of light"), "another mode's scope");
        assertFalse(known.knows("default|default", "what is the speed of sound"));
        assertFalse(known.knows("default|defaultwhat", " is the speed of light"), "the scope and the question do not run together");
    }

    @Test
    void manyMoreQuestionsThanSlotsCostOnlyTheHintsOfTheOldest() {
        for (int i = 0; i < 200_000; i++) {
            known.remember("s", "question " + i);
        }
        int kept = 0;
        for (int i = 199_000; i < 200_000; i++) {
            kept += known.knows("s", "question " + i) ? 1 : 0;
        }
        assertTrue(kept > 950, "the last thousand are nearly all still known: " + kept);
    }
}
