package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.Subtask;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 7's fast path, streamed: what the one expert's answer gives the client while it is written, and when it gives nothing. */
class FastPathStreamTest {

    private static final CompletableFuture<List<GraphFact>> NO_FACTS = CompletableFuture.completedFuture(List.of());
    private static final String ANSWER = "A harbour is a sheltered body of water where ships can dock safely. It is protected "
            + "from waves by breakwaters.";

    private final List<String> pieces = new ArrayList<>();

    private PipelineRun run(Mode mode) {
        PipelineRun run = Fakes.streamed("What is a harbour?", mode, pieces);
        run.findings().plan(new Plan(List.of(Subtask.of("What is a harbour?", Category.GENERAL)), false));
        return run;
    }

    private static void feed(FastPathStream stream, String text, int size) {
        for (int i = 0; i < text.length(); i += size) {
            stream.accept(text.substring(i, Math.min(text.length(), i + size)));
        }
    }

    @Test
    void aSureFirstLineSendsTheRestInTheModesFormWhileItIsWritten() {
        PipelineRun run = run(Mode.DEFAULT);
        FastPathStream stream = new FastPathStream(run, NO_FACTS);
        feed(stream, "KONFIDENZ: hoch\n" + ANSWER, 7);
        assertFalse(pieces.isEmpty(), "text went out before the expert finished");
        String out = stream.finish().orElseThrow();
        assertEquals(String.join("", pieces), out);
        assertEquals(AnswerForm.render(Mode.DEFAULT, ANSWER, Confidence.HOCH, ""), out,
                "the same answer as the fast path without streaming");
        assertTrue(out.startsWith("KERNAUSSAGE: A harbour is a sheltered body of water where ships can dock safely.\nKONFIDENZ: hoch"), out);
    }

    @Test
    void anUnsureFirstLineOrAConfidenceAtTheEndGivesTheClientNothing() {
        for (String text : List.of("KONFIDENZ: mittel\n" + ANSWER, ANSWER + "\nKONFIDENZ: hoch", "  \n" + "KONFIDENZ: niedrig\n" + ANSWER)) {
            FastPathStream stream = new FastPathStream(run(Mode.DEFAULT), NO_FACTS);
            feed(stream, text, 5);
            assertTrue(stream.finish().isEmpty(), text);
            assertFalse(stream.givenAny());
        }
        assertTrue(pieces.isEmpty(), "nothing went out: " + pieces);
    }

    @Test
    void graphFactsLeaveTheAnswerToTheJudge() {
        CompletableFuture<List<GraphFact>> facts = CompletableFuture.completedFuture(List.of(
                new GraphFact("Harbour", "PART_OF", "Port", "general", 0.9)));
        FastPathStream stream = new FastPathStream(run(Mode.DEFAULT), facts);
        feed(stream, "KONFIDENZ: hoch\n" + ANSWER, 9);
        assertTrue(stream.finish().isEmpty());
        assertTrue(pieces.isEmpty(), "nothing went out: " + pieces);
    }

    @Test
    void theAnswerIsCutWhereAnExpertsOutputIsCut() {
        String longAnswer = "Ships dock in harbours. ".repeat(200);
        FastPathStream stream = new FastPathStream(run(Mode.AGENT), NO_FACTS);
        String text = "KONFIDENZ: hoch\n" + longAnswer;
        feed(stream, text, 50);
        String out = stream.finish().orElseThrow();
        String expected = AnswerForm.render(Mode.AGENT, Confidence.strip(text.substring(0, ExpertResult.MAX_CHARS)), Confidence.HOCH, "");
        assertEquals(expected, out);
    }
}
