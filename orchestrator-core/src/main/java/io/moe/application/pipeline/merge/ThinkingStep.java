package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.pipeline.trace.Outcome;
import io.moe.application.pipeline.trace.TraceText;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.template.ExpertModel;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Rule 6: a four-step reasoning trace (problem breakdown, source evaluation, knowledge gaps,
 * conclusion) that leads the merger input. Forced by the agent-orchestrated and plan modes and by the
 * template's force_think; otherwise it runs for complex requests with several tasks or an expert that
 * reported niedrig, and never for trivial or moderate ones.
 */
@ApplicationScoped
public class ThinkingStep {

    public static final String STAGE = "thinking";
    static final String SYSTEM = "You write the reasoning trace of a multi-expert system in exactly four numbered steps: "
            + "1. Problem breakdown, 2. Source evaluation, 3. Knowledge gaps, 4. Conclusion. Be brief and factual.";

    @Inject
    ModelCaller models;

    public boolean applies(PipelineRun run) {
        if (forced(run)) {
            return true;
        }
        if (Complexity.of(run) != Complexity.COMPLEX) {
            return false;
        }
        return run.findings().plan().tasks().size() > 1 || run.findings().experts().stream().anyMatch(r -> r.confidence() == Confidence.NIEDRIG);
    }

    /** The template or the mode asks for the reasoning step whatever the question. */
    public static boolean forced(PipelineRun run) {
        return run.template().forceThink() || run.mode() == Mode.AGENT_ORCHESTRATED || run.mode() == Mode.PLAN;
    }

    public void run(PipelineRun run) {
        run.status("Thinking it through (four-step reasoning)");
        try {
            String input = "Question: " + run.question().text() + "\n\n" + MergerInput.sources(run, false);
            run.findings().reasoning(models.call(run, STAGE, model(run), SYSTEM, input).content().strip());
            run.trace().thinking(Outcome.of("ran"));
        } catch (InferenceException e) {
            run.trace().thinking(Outcome.of("failed", TraceText.failure(run.id(), e)));
        }
    }

    private static ModelRef model(PipelineRun run) {
        List<ExpertModel> reasoning = run.template().expert(Category.REASONING).map(c -> c.models()).orElse(List.of());
        if (!reasoning.isEmpty()) {
            return reasoning.get(0).ref();
        }
        return Merger.judgeModel(run);
    }
}
