package io.moe.application.pipeline.merge;

import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Confidence;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnswerFormTest {

    private static final String WEB = "Web research: boiling\n[1] Boiling point: water (https://e.org/boil)\n";
    private static final List<String> ANSWERS = List.of(
            "Water boils at 100 degrees Celsius at sea level. At altitude it boils earlier.\nKONFIDENZ: hoch",
            "KONFIDENZ: mittel\nWater boils at 100 degrees Celsius at sea level.\n\nAt altitude it boils earlier, because the "
                    + "pressure is lower.   \n",
            "  \n\nHere is the function:\n```python\ndef boil(p):\n    return 100 - p  \n```\nand a test:\n```\nassert boil(0) == 100\n```"
                    + "\nCONFIDENCE: low",
            "```java\nint x = 1; // ``inline`` ticks\n",
            "KERNAUSSAGE: It is 100 °C.\nKONFIDENZ: hoch\nDETAILS:\nAt sea level.",
            "# Executive summary\n\nBoiling is a phase change. It depends on pressure [1].\n\n## Sources\n[1] e.org",
            "A very long line without a sentence end " + "and more words ".repeat(40) + "\n**Konfidenz: niedrig**",
            "Short.",
            "",
            "Step one is to heat the water. Confidence: high, as measured. \nStep two is to wait until it boils.\n"
                    + "word ".repeat(150),
            "Surrogates 😀 in the first sentence of this answer. 😀😀 " + "x".repeat(80) + " KONFIDENZ: hoch **bold**");

    @Test
    void aStreamedAnswerIsTheWholeAnswerInItsFormWhateverThePieces() {
        Random random = new Random(7);
        for (Mode mode : Mode.values()) {
            for (String answer : ANSWERS) {
                String whole = AnswerForm.render(mode, answer, Confidence.MITTEL, WEB);
                for (int round = 0; round < 20; round++) {
                    StringBuilder streamed = new StringBuilder();
                    AnswerForm form = new AnswerForm(mode, WEB, Confidence.MITTEL, true, streamed::append);
                    for (String piece : pieces(answer, random, round == 0 ? 1 : 1 + random.nextInt(9))) {
                        form.accept(piece);
                    }
                    form.finish();
                    assertEquals(whole, streamed.toString(), mode + " of " + answer);
                    assertEquals(whole, form.text());
                }
            }
        }
    }

    @Test
    void anAnswerWrittenInTheBlockKeepsItsConfidenceLine() {
        String block = "KERNAUSSAGE: It is 100 °C.\nKONFIDENZ: hoch\nDETAILS:\nAt sea level.";
        assertEquals("KERNAUSSAGE: It is 100 °C.\nKONFIDENZ: mittel\nDETAILS:\nAt sea level.",
                AnswerForm.render(Mode.DEFAULT, block, Confidence.MITTEL, ""));
        StringBuilder streamed = new StringBuilder();
        AnswerForm form = new AnswerForm(Mode.DEFAULT, "", Confidence.MITTEL, false, streamed::append);
        for (String piece : pieces(block, new Random(3), 6)) {
            form.accept(piece);
        }
        assertEquals(Confidence.HOCH, form.finish());
        assertEquals("KERNAUSSAGE: It is 100 °C.\nKONFIDENZ: hoch\nDETAILS:\nAt sea level.", streamed.toString());
        assertEquals("KERNAUSSAGE: Only the key statement.\nKONFIDENZ: niedrig",
                AnswerForm.render(Mode.DEFAULT, "KERNAUSSAGE: Only the key statement.", Confidence.NIEDRIG, ""));
    }

    @Test
    void textGoesOutBeforeTheAnswerIsComplete() {
        String answer = "Water boils at 100 degrees Celsius at sea level. At altitude it boils earlier, since the air "
                + "pressure is lower there.\nKONFIDENZ: hoch";
        for (Mode mode : Mode.values()) {
            List<String> given = new ArrayList<>();
            AnswerForm form = new AnswerForm(mode, "", Confidence.MITTEL, false, given::add);
            String inCode = mode == Mode.CODE ? "```\n" + answer + "\n```" : answer;
            form.accept(inCode.substring(0, inCode.length() / 2 + 30));
            assertTrue(form.givenAny(), mode + " gave nothing for half an answer");
            form.accept(inCode.substring(inCode.length() / 2 + 30));
            form.finish();
            assertTrue(given.size() >= 2, mode + ": " + given);
        }
    }

    @Test
    void anAgentAnswerIsHeldOnlyWhereAConfidenceMarkerMayBeArriving() {
        StringBuilder out = new StringBuilder();
        AnswerForm form = new AnswerForm(Mode.AGENT, "", Confidence.MITTEL, false, out::append);
        form.accept("Streaming works by sending pieces ");
        assertEquals("Streaming works by sending pieces", out.toString());
        form.accept("as they come. Conf");
        assertEquals("Streaming works by sending pieces as they come.", out.toString());
        form.accept("idence: high\nDone.");
        form.finish();
        assertEquals("Streaming works by sending pieces as they come.\nDone.", out.toString());
    }

    @Test
    void theLevelOnTopIsTheOneTheAnswerNamedFirstElseTheFallback() {
        StringBuilder out = new StringBuilder();
        AnswerForm form = new AnswerForm(Mode.DEFAULT, "", Confidence.MITTEL, false, out::append);
        form.accept("KONFIDENZ: hoch\nWater boils at 100 degrees Celsius at sea level. More.\nKONFIDENZ: niedrig");
        assertEquals(Confidence.HOCH, form.finish());
        assertTrue(out.toString().startsWith("KERNAUSSAGE: Water boils at 100 degrees Celsius at sea level.\nKONFIDENZ: hoch\n"), out.toString());

        StringBuilder research = new StringBuilder();
        AnswerForm closing = new AnswerForm(Mode.RESEARCH, "", Confidence.MITTEL, false, research::append);
        closing.accept("Findings: water boils at 100 degrees.\nKONFIDENZ: niedrig\n");
        assertEquals(Confidence.NIEDRIG, closing.finish());
        assertTrue(research.toString().endsWith("---\nKONFIDENZ: niedrig"), research.toString());

        StringBuilder code = new StringBuilder();
        AnswerForm unnamed = new AnswerForm(Mode.CODE, "", Confidence.MITTEL, false, code::append);
        unnamed.accept("```\nx = 1\n```\nKONFIDENZ: hoch");
        assertEquals(Confidence.MITTEL, unnamed.finish(), "the top was given before the answer named a level");
        assertEquals("# KONFIDENZ: mittel\nx = 1", code.toString());
    }

    @Test
    void formsOfTheModes() {
        assertEquals("# KONFIDENZ: hoch\ndef boil(p):\n    return 100 - p\nassert boil(0) == 100",
                AnswerForm.render(Mode.CODE, ANSWERS.get(2), Confidence.HOCH, ""));
        assertEquals("# KONFIDENZ: hoch\nint x = 1; // ``inline`` ticks", AnswerForm.render(Mode.CODE, ANSWERS.get(3), Confidence.HOCH, ""),
                "an unclosed last block is code up to the end");
        String concise = AnswerForm.render(Mode.CONCISE, "one  two\nthree " + "w ".repeat(200), Confidence.NIEDRIG, "");
        assertTrue(concise.startsWith("KONFIDENZ: niedrig one  two\nthree w"), concise);
        assertEquals(CONCISE_WORDS_PLUS_PREFIX, concise.split("\\s+").length);
        assertTrue(concise.endsWith("w …"), concise);
        String agent = AnswerForm.render(Mode.AGENT, ANSWERS.get(9), Confidence.HOCH, "");
        assertFalse(agent.toLowerCase().contains("confidence"), agent);
        assertTrue(agent.startsWith("Step one is to heat the water. , as measured.\nStep two"), agent);
        assertEquals(ANSWERS.get(4), AnswerForm.render(Mode.DEFAULT, ANSWERS.get(4), Confidence.HOCH, ""),
                "an answer with its own block keeps it, its KONFIDENZ line too");
        String report = AnswerForm.render(Mode.REPORT, ANSWERS.get(5), Confidence.HOCH, WEB);
        assertTrue(report.startsWith("# Executive summary\n\nBoiling"), report);
        String research = AnswerForm.render(Mode.RESEARCH, ANSWERS.get(5), Confidence.HOCH, WEB);
        assertFalse(research.contains("e.org/boil"), "the answer lists its own sources: " + research);
        assertEquals("## Plan\n\nShort.\n\n---\nKONFIDENZ: hoch", AnswerForm.render(Mode.PLAN, "Short.", Confidence.HOCH, ""));
        assertEquals("KERNAUSSAGE: \nKONFIDENZ: niedrig\nDETAILS:\n", AnswerForm.render(Mode.DEFAULT, "", Confidence.NIEDRIG, ""));
    }

    /** The prefix's two words, 120 words and the ellipsis. */
    private static final int CONCISE_WORDS_PLUS_PREFIX = 2 + AnswerForm.CONCISE_WORDS + 1;

    private static List<String> pieces(String text, Random random, int max) {
        List<String> pieces = new ArrayList<>();
        for (int i = 0; i < text.length(); ) {
            int end = Math.min(text.length(), i + 1 + random.nextInt(max));
            pieces.add(text.substring(i, end));
            i = end;
        }
        return pieces;
    }
}
