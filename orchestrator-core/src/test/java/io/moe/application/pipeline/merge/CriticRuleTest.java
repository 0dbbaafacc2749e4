package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.Subtask;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 8, the critic: only medical and legal answers are checked; a correction replaces the answer. */
class CriticRuleTest {

    private static Critic critic(Fakes.ScriptedInference inference) {
        Critic critic = new Critic();
        critic.models = Fakes.caller(inference);
        return critic;
    }

    @Test
    void onlyMedicalOrLegalPlansAreChecked() {
        Critic critic = critic(Fakes.ScriptedInference.answering("BESTÄTIGT"));
        assertTrue(critic.applies(Fakes.planned("q", Subtask.of("q", Category.MEDICAL))));
        assertFalse(critic.applies(Fakes.planned("q", Subtask.of("q", Category.GENERAL))));
    }

    @Test
    void aConfirmedAnswerStaysAsItWas() {
        PipelineRun run = Fakes.planned("q", Subtask.of("q", Category.MEDICAL));
        run.verdict().answer("Rest and fluids.", Confidence.MITTEL);
        critic(Fakes.ScriptedInference.answering("BESTÄTIGT")).run(run);
        assertEquals("Rest and fluids.", run.verdict().answer());
    }

    @Test
    void aCorrectionReplacesTheAnswerButAShortOneIsIgnored() {
        PipelineRun run = Fakes.planned("q", Subtask.of("q", Category.MEDICAL));
        run.verdict().answer("Take twice the dose.", Confidence.MITTEL);
        critic(Fakes.ScriptedInference.answering("KORRIGIERT: Take the dose on the label, never twice it.")).run(run);
        assertEquals("Take the dose on the label, never twice it.", run.verdict().answer());

        run.verdict().answer("Original answer stays.", Confidence.MITTEL);
        critic(Fakes.ScriptedInference.answering("KORRIGIERT: no")).run(run);
        assertEquals("Original answer stays.", run.verdict().answer());
    }
}
