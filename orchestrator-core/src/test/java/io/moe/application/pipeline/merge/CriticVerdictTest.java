package io.moe.application.pipeline.merge;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 8: a critic that confirms leaves the answer unchanged, however it words the confirmation. */
class CriticVerdictTest {

    @Test
    void theWordAloneOrAtTheEndOfAShortRemarkConfirms() {
        assertTrue(Critic.confirms("BESTÄTIGT"));
        assertTrue(Critic.confirms("**Bestätigt.**"));
        assertTrue(Critic.confirms("Confirmed - the answer is accurate."));
        assertTrue(Critic.confirms("Die Antwort ist korrekt. BESTÄTIGT"));
        assertTrue(Critic.confirms("Korrekt und sicher.\nBESTÄTIGT"));
    }

    @Test
    void aCorrectedAnswerDoesNot() {
        assertFalse(Critic.confirms("Ibuprofen should not be taken with warfarin; ask a doctor before combining them."));
        assertFalse(Critic.confirms("Korrigiert: Die Tageshöchstdosis beträgt 4 g, nicht 8 g."));
        assertFalse(Critic.confirms("x".repeat(400) + "\nBESTÄTIGT"), "a rewritten answer with the word under it is a correction");
    }
}
