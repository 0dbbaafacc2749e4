package io.moe.domain.pipeline;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConfidenceTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "The answer is 42 because of reasons.\\nKONFIDENZ: hoch|HOCH",
            "The answer is 42 because of reasons.\\n**Konfidenz:** Mittel|MITTEL",
            "The answer is 42 because of reasons.\\nCONFIDENCE: low|NIEDRIG",
            "The answer is 42 because of reasons. confidence = HIGH|HOCH",
            "KONFIDENZ: niedrig at first, but KONFIDENZ: hoch in the end|HOCH",
            "The answer is 42 because of reasons, no marker at all.|MITTEL",
            "ok|NIEDRIG"
    })
    void readsTheLastMarkerInEitherLanguage(String output, Confidence expected) {
        assertEquals(expected, Confidence.of(output.replace("\\n", "\n")));
    }

    @Test
    void emptyOrFailedOutputIsNiedrig() {
        assertEquals(Confidence.NIEDRIG, Confidence.of(null));
        assertEquals(Confidence.NIEDRIG, Confidence.of("   "));
    }

    @Test
    void pagesSayTheSpecsLevelsInWords() {
        assertEquals("high", Confidence.inWords("hoch"));
        assertEquals("medium", Confidence.inWords("mittel"));
        assertEquals("low", Confidence.inWords("niedrig"));
        assertEquals("failed", Confidence.inWords("failed"));
    }

    @Test
    void stripRemovesTheMarkerLineOnly() {
        assertEquals("Line one.\nLine two.", Confidence.strip("Line one.\nLine two.\nKONFIDENZ: hoch"));
    }

    @Test
    void hostileRunsOfSpacesAndMarkupDoNotHangTheSearch() {
        String hostile = " ".repeat(200_000) + "*_#".repeat(50_000) + "\nKONFIDENZ: hoch";
        assertEquals(Confidence.HOCH, org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(30), () -> Confidence.of(hostile), "linear, not quadratic"));
    }
}
