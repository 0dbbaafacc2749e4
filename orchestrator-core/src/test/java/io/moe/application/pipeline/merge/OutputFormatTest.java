package io.moe.application.pipeline.merge;

import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Confidence;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutputFormatTest {

    private static final String BODY = "Water boils at 100 degrees Celsius at sea level. At altitude it boils earlier.\nKONFIDENZ: hoch";

    @Test
    void defaultModeHasTheStructuredBlock() {
        String out = OutputFormat.render(Mode.DEFAULT, BODY, Confidence.HOCH, "");
        assertTrue(out.startsWith("KERNAUSSAGE: Water boils at 100 degrees Celsius at sea level.\nKONFIDENZ: hoch\nDETAILS:\n"), out);
        assertEquals(1, out.split("KONFIDENZ").length - 1, "one confidence line: " + out);
    }

    @Test
    void codeModeIsCodeOnlyUnderTheConfidenceComment() {
        String out = OutputFormat.render(Mode.CODE, "Here you go:\n```python\nprint('hi')\n```\nEnjoy.", Confidence.MITTEL, "");
        assertEquals("# KONFIDENZ: mittel\nprint('hi')", out);
    }

    @Test
    void conciseModeHasThePrefixAndAtMostAbout120Words() {
        String longText = "word ".repeat(300);
        String out = OutputFormat.render(Mode.CONCISE, longText, Confidence.NIEDRIG, "");
        assertTrue(out.startsWith("KONFIDENZ: niedrig "));
        assertTrue(out.split("\\s+").length <= 124, out);
    }

    @Test
    void agentModesAreCleanMarkdown() {
        String out = OutputFormat.render(Mode.AGENT, BODY, Confidence.HOCH, "");
        assertFalse(out.contains("KONFIDENZ"), out);
    }

    @Test
    void researchReportAndPlanCloseWithAConfidenceBlock() {
        String research = OutputFormat.render(Mode.RESEARCH, BODY, Confidence.MITTEL, "Web research: x\n[1] T: s (https://e.org)\n");
        assertTrue(research.startsWith("## Findings"));
        assertTrue(research.contains("## Sources\n[1] T: s (https://e.org)"), research);
        assertTrue(research.endsWith("---\nKONFIDENZ: mittel"));
        String report = OutputFormat.render(Mode.REPORT, BODY, Confidence.HOCH, "");
        assertTrue(report.contains("## Executive summary"));
        assertTrue(report.endsWith("KONFIDENZ: hoch"));
        assertTrue(OutputFormat.render(Mode.PLAN, BODY, Confidence.HOCH, "").startsWith("## Plan"));
    }
}
