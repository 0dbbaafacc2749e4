package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.experts.ConversationHistory;
import io.moe.application.pipeline.experts.Experts;
import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.NoAnswerException;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.pipeline.trace.Outcome;
import io.moe.application.pipeline.trace.TraceText;
import io.moe.domain.chat.Completion;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Rule 7: keeps the most confident result per category; when exactly one expert answered with hoch and
 * there is no tool, graph, web or reasoning material, that answer is returned without a judge call
 * (fast path; streamed as the expert writes it where {@link #streamsFastPath} allows); otherwise the judge model synthesises one answer from the material in source priority,
 * in the form the mode asks for. A failed judge falls back to the most confident expert answer. When nothing after
 * the judge can change the answer and the client streams, the judge's answer goes to the client as it is written,
 * put in the mode's form on the way ({@link AnswerForm}); a judge that fails after part of it went out fails the request.
 */
@ApplicationScoped
public class Merger {

    /** What the judge is told when the planned sources (web research, tools) produced nothing. */
    static final String NO_SOURCES = "## Sources\nThe planned web research and tools produced nothing for this question. "
            + "Answer it from your own knowledge, and say where the answer may be out of date or unchecked.\n";
    public static final String STAGE = "judge";

    @Inject
    ModelCaller models;

    @Inject
    Critic critic;

    /**
     * The streamed fast path of a run about to ask its experts, when it can have one: the client streams, the plan has
     * one expert subtask and {@code onlyExperts} (no web research, math or tools), and nothing after the experts can add
     * material or change the answer (no critic, no forced reasoning step, no further agentic round, no ensemble). The
     * graph's facts, which would make the judge merge, are known from {@code graph} before any text goes out.
     */
    public Optional<FastPathStream> streamsFastPath(PipelineRun run, List<Subtask> expertTasks, boolean onlyExperts,
                                                    CompletableFuture<List<GraphFact>> graph) {
        boolean possible = run.takesAnswerText() && onlyExperts && expertTasks.size() == 1 && hasTheLastWord(run)
                && !ThinkingStep.forced(run) && !run.template().forceEnsemble();
        return possible ? Optional.of(new FastPathStream(run, graph)) : Optional.empty();
    }

    /** Whether the merger's answer is the run's last: no critic revises it and no further agentic round can replace it. */
    public boolean hasTheLastWord(PipelineRun run) {
        return !critic.applies(run) && run.template().maxAgenticRounds() <= 0;
    }

    /** Merges the run's findings into its answer; {@code last}: nothing after the judge can change the answer ({@link #hasTheLastWord}). */
    public void merge(PipelineRun run, boolean last) {
        List<ExpertResult> best = MergerInput.bestPerCategory(run.findings().everyRound());
        String streamedAnswer = run.findings().streamedAnswer();
        if (streamedAnswer != null) { // the one sure expert's answer went to the client as it was written
            run.trace().merger(Outcome.of("fast_path"));
            // the stream stopped where the expert's result does (its 2,400 characters, or the model's own limit)
            run.verdict().answer(best.isEmpty() ? streamedAnswer : Confidence.strip(best.get(0).text()), Confidence.HOCH, streamedAnswer,
                    !best.isEmpty() && best.get(0).cut());
            return;
        }
        boolean context = run.findings().tools().stream().anyMatch(t -> t.ok()) || !run.findings().math().isEmpty() || !run.findings().graph().isEmpty()
                || !run.findings().web().isEmpty() || !run.findings().reasoning().isEmpty();
        boolean nothing = best.isEmpty() && !context;
        if (nothing && !run.findings().plan().expertTasks().isEmpty()) {
            RuntimeException failure = run.verdict().firstFailure();
            throw failure != null ? failure : new NoAnswerException("no expert answered and no tool, search or other source "
                    + "produced anything for this question");
        }
        // a plan of research or tool tasks alone whose sources gave nothing (search down, a tool refused): the judge
        // answers from its own knowledge rather than the request failing; a stopgap, not kept for the next asker
        if (nothing) {
            run.findings().answeredWithoutSources();
        }
        if (best.size() == 1 && best.get(0).confidence() == Confidence.HOCH && !context) {
            run.trace().merger(Outcome.of("fast_path"));
            run.verdict().answer(Confidence.strip(best.get(0).text()), Confidence.HOCH, best.get(0).cut());
            return;
        }
        run.status("Merging " + best.size() + " expert answer(s) with the other sources");
        boolean streamed = last && run.takesAnswerText();
        AnswerForm form = new AnswerForm(run.mode(), run.findings().web(), strongest(best), false, run::answerText);
        String instructions = ConversationHistory.clientInstructions(run.question().messages());
        String user = "Question: " + run.question().text() + "\n\n" + (instructions.isEmpty() ? "" : instructions + "\n\n")
                + (nothing ? NO_SOURCES : MergerInput.sources(run, true));
        try {
            if (streamed) {
                Completion judged = models.stream(run, STAGE, judgeModel(run), prompt(run, true), user, form::accept);
                Confidence level = form.finish();
                run.trace().merger(Outcome.of("judge"));
                run.verdict().answer(Confidence.strip(judged.content()), level, form.text(), judged.cutAtLimit());
                return;
            }
            Completion judged = models.call(run, STAGE, judgeModel(run), prompt(run, false), user);
            String text = judged.content().strip();
            Confidence level = mentionsConfidence(text) ? Confidence.of(text) : strongest(best);
            run.trace().merger(Outcome.of("judge"));
            run.verdict().answer(Confidence.strip(text), level, judged.cutAtLimit());
        } catch (InferenceException e) {
            if (best.isEmpty() || form.givenAny()) {
                run.trace().merger(Outcome.of("judge_failed", TraceText.failure(run.id(), e)));
                throw e; // the client has part of the judge's answer: it gets an error, not another answer
            }
            ExpertResult top = best.stream().max(Comparator.comparing(ExpertResult::confidence)).orElseThrow();
            run.trace().merger(Outcome.of("judge_failed", TraceText.failure(run.id(), e)));
            run.verdict().answer(Confidence.strip(top.text()), top.confidence(), top.cut());
        }
    }

    /** The judge's instructions; a streamed answer names its confidence first where the mode's form puts it on top. */
    private static String prompt(PipelineRun run, boolean streamed) {
        String own = run.template().judgePrompt();
        String base = own != null && !own.isBlank() ? own
                : "You are the judge of a multi-expert system. Synthesise one answer to the question from the material "
                + "below. Material earlier in the list has priority: reasoning trace, tool results, knowledge graph, "
                + "experts, web research, earlier answers. Prefer exact tool results over estimates, cite web sources as [n], "
                + "and do not mention the experts or this process.";
        boolean onTop = streamed && switch (run.mode()) {
            case DEFAULT, CODE, CONCISE -> true;
            default -> false;
        };
        return base + "\n" + OutputFormat.instruction(run.mode())
                + (onTop ? "\nBegin" : "\nEnd") + " with one line 'KONFIDENZ: hoch', 'KONFIDENZ: mittel' or 'KONFIDENZ: niedrig'.";
    }

    private static boolean mentionsConfidence(String text) {
        return text.toLowerCase(java.util.Locale.ROOT).matches("(?s).*(konfidenz|confidence)\\s*[:=].*");
    }

    private static Confidence strongest(List<ExpertResult> results) {
        return results.stream().map(ExpertResult::confidence).max(Comparator.naturalOrder()).orElse(Confidence.MITTEL);
    }

    static ModelRef judgeModel(PipelineRun run) {
        return judgeModel(run.template());
    }

    /** The template's judge model, else its first general model: also the model of the other judging calls. */
    public static ModelRef judgeModel(ExpertTemplate template) {
        return template.judgeModel() != null ? template.judgeModel() : Experts.modelsOf(template, Category.GENERAL).get(0).ref();
    }
}
