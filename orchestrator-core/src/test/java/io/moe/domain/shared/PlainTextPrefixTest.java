package io.moe.domain.shared;

import io.moe.domain.pipeline.ExpertResult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A text cut to a length never ends in half a character. */
class PlainTextPrefixTest {

    @Test
    void aCutThatWouldSplitAnEmojiStopsBeforeIt() {
        assertEquals("ab", PlainText.prefix("ab\uD83D\uDE00", 3));
        assertEquals("ab\uD83D\uDE00", PlainText.prefix("ab\uD83D\uDE00c", 4));
        assertEquals("abc", PlainText.prefix("abc", 10));
    }

    @Test
    void anExpertsAnswerCutAtItsLengthKeepsNoHalfCharacter() {
        ExpertResult result = ExpertResult.of("general", "task", "m@s", 1, "x".repeat(ExpertResult.MAX_CHARS - 1) + "\uD83D\uDE00 more");
        assertEquals(ExpertResult.MAX_CHARS - 1, result.text().length());
        assertTrue(result.cut());
    }
}
