package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.after.PipelineMetrics;
import io.moe.application.pipeline.merge.FastPathStream;
import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.trace.PipelineTrace;

import io.moe.application.pipeline.trace.ExpertEntry;
import io.moe.application.pipeline.trace.TraceText;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.template.ExpertModel;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Rule 4, two-tier expert routing. Per subtask: the category's models ordered by score (best first,
 * models below 0.3 after 5 ratings skipped); tier 1 (at most 20 B parameters) runs first and a single
 * {@code hoch} among its answers skips tier 2, otherwise every tier-2 model runs in parallel; the
 * template's force_ensemble runs both tiers at once. Every expert sees the recent conversation and
 * its output is capped at 2400 characters. A failed call is a niedrig result, not a failed request. A
 * {@code skill_detector} task is its category's best model making the file asked for ({@link SkillDetector}).
 */
@ApplicationScoped
public class ExpertStage {

    public static final String STAGE = "experts";

    @Inject
    ModelCaller models;

    @Inject
    SkillDetector skills;

    @Inject
    ModelScores scores;

    @Inject
    PipelineExecutor executor;

    @Inject
    PipelineMetrics metrics;

    @Inject
    ErrorExamples errors;

    public List<ExpertResult> run(PipelineRun run, List<Subtask> tasks) {
        return run(run, tasks, Optional.empty());
    }

    /** Like {@link #run(PipelineRun, List)}; a single tier-1 expert is asked streamed when {@code fastPath} is given. */
    public List<ExpertResult> run(PipelineRun run, List<Subtask> tasks, Optional<FastPathStream> fastPath) {
        List<Supplier<List<ExpertResult>>> perTask = tasks.stream()
                .<Supplier<List<ExpertResult>>>map(task -> run.inCurrentStage(() -> forTask(run, task, fastPath))).toList();
        List<ExpertResult> all = new ArrayList<>();
        executor.all(perTask).forEach(all::addAll);
        return all;
    }

    private List<ExpertResult> forTask(PipelineRun run, Subtask task, Optional<FastPathStream> fastPath) {
        List<ExpertModel> ranked = ranked(task.category(), Experts.modelsOf(run.template(), task.category()));
        if (SkillDetector.CATEGORY.equals(task.category())) {
            return List.of(detectFile(run, task, ranked.get(0)));
        }
        List<ExpertModel> tierOne = ranked.stream().filter(m -> m.tier() == 1).toList();
        List<ExpertModel> tierTwo = ranked.stream().filter(m -> m.tier() == 2).toList();
        if (run.template().forceEnsemble()) {
            return ask(run, task, ranked);
        }
        List<ExpertResult> results = new ArrayList<>(fastPath.isPresent() && tierOne.size() == 1
                ? List.of(streamed(run, task, tierOne.get(0), fastPath.get()))
                : ask(run, task, tierOne));
        boolean confident = results.stream().anyMatch(r -> r.confidence() == Confidence.HOCH) || run.findings().streamedAnswer() != null;
        if (!confident && !tierTwo.isEmpty()) {
            if (!tierOne.isEmpty()) {
                run.status("Tier 1 was not sure about " + task.category() + "; asking " + tierTwo.size() + " larger model(s)");
            }
            results.addAll(ask(run, task, tierTwo));
        }
        return results;
    }

    /** The category's models, best score first, without models rated below 0.3 (unless that leaves none). */
    private List<ExpertModel> ranked(String category, List<ExpertModel> candidates) {
        Map<String, ModelScores.Score> score = scores.of(candidates.stream().map(m -> m.ref().toString()).distinct().toList(), category);
        List<ExpertModel> sorted = candidates.stream()
                .sorted(Comparator.comparingDouble((ExpertModel m) -> score.get(m.ref().toString()).value()).reversed())
                .toList();
        List<ExpertModel> kept = sorted.stream().filter(m -> !score.get(m.ref().toString()).skipped()).toList();
        return kept.isEmpty() ? sorted.subList(0, 1) : kept;
    }

    private List<ExpertResult> ask(PipelineRun run, Subtask task, List<ExpertModel> tier) {
        if (tier.isEmpty()) {
            return List.of();
        }
        List<ChatMessage> turns = turns(run, task); // the same for every model of the tier
        return executor.all(tier.stream().<Supplier<ExpertResult>>map(m -> run.inCurrentStage(() -> ask(run, task, m, turns))).toList());
    }

    private ExpertResult ask(PipelineRun run, Subtask task, ExpertModel model, List<ChatMessage> turns) {
        return ask(run, task, model, () -> models.call(run, STAGE, model.ref(), systemPrompt(run, task.category(), ExpertPrompts.PROTOCOL),
                turns), () -> false);
    }

    /** The skill detector's one model: the file it made (or why none), else an ordinary expert answer. */
    private ExpertResult detectFile(PipelineRun run, Subtask task, ExpertModel model) {
        List<ChatMessage> turns = turns(run, task);
        return ask(run, task, model, () -> skills.fileAnswer(run, STAGE, model, turns)
                .map(answer -> new Completion(answer, model.ref().toString(), TokenUsage.NONE)) // its call is counted already
                .orElseGet(() -> models.call(run, STAGE, model.ref(), systemPrompt(run, task.category(), ExpertPrompts.PROTOCOL), turns)),
                () -> false);
    }

    /**
     * The one expert of a streamed fast path: asked to name its confidence first, its answer goes to the client as it
     * is written when that is hoch ({@link FastPathStream}). A failure after part of it went out fails the request.
     */
    private ExpertResult streamed(PipelineRun run, Subtask task, ExpertModel model, FastPathStream fastPath) {
        ExpertResult result = ask(run, task, model, () -> models.stream(run, STAGE, model.ref(),
                systemPrompt(run, task.category(), FastPathStream.INSTRUCTION), turns(run, task), fastPath::accept), fastPath::givenAny);
        if (!result.failed()) {
            fastPath.finish().ifPresent(run.findings()::streamedAnswer);
        }
        return result;
    }

    /** Asks one expert with {@code call}; a failure is a niedrig result, unless {@code answerOut}: the client has part of it. */
    private ExpertResult ask(PipelineRun run, Subtask task, ExpertModel model, Supplier<Completion> call, BooleanSupplier answerOut) {
        int tier = model.tier();
        ExpertResult result;
        try {
            Completion done = call.get();
            result = ExpertResult.of(task.category(), task.task(), model.ref().toString(), tier, done.content(), done.cutAtLimit());
        } catch (InferenceException e) {
            if (answerOut.getAsBoolean()) {
                run.trace().error(PipelineTrace.Failing.EXPERT, TraceText.failure(run.id(), e));
                throw e;
            }
            String reason = TraceText.failure(run.id(), e);
            result = ExpertResult.failure(task.category(), task.task(), model.ref().toString(), tier, reason);
            run.trace().error(PipelineTrace.Failing.EXPERT, reason);
            run.verdict().recordFailure(e);
        }
        metrics.expertCall(model.model(), task.category(), model.endpoint());
        metrics.confidence(result.confidence().label(), task.category());
        run.trace().expert(new ExpertEntry(task.category(), task.task(), result.model(), tier, result.confidence().label(),
                result.text().length(), result.failed()));
        return result;
    }

    private static String systemPrompt(PipelineRun run, String category, String protocol) {
        String own = Experts.systemPrompt(run.template(), category);
        return (own != null ? own : ExpertPrompts.of(category)) + "\n" + protocol;
    }

    /** The question (and subtask) first, then the conversation, the agentic context and the examples. */
    private List<ChatMessage> turns(PipelineRun run, Subtask task) {
        String question = run.question().text();
        StringBuilder text = new StringBuilder(task.task().equals(question) ? question
                : "Question: " + question + "\n\nYour subtask: " + task.task());
        String history = ConversationHistory.forExperts(run.question().messages(),
                run.template().historyMaxTurns().orElse(ConversationHistory.TURNS),
                run.template().historyMaxChars().orElse(ConversationHistory.MAX_CHARS));
        if (!history.isEmpty()) {
            text.append("\n\n").append(history);
        }
        String instructions = ConversationHistory.clientInstructions(run.question().messages());
        if (!instructions.isEmpty()) {
            text.append("\n\n").append(instructions);
        }
        if (!run.findings().agenticContext().isEmpty()) {
            text.append("\n\n").append(run.findings().agenticContext());
        }
        for (String example : run.findings().examples()) {
            text.append("\n\nA similar question answered earlier (an example, not the question):\n").append(example);
        }
        ErrorExamples.Shown corrections = errors.shown(run.caller(), task.category());
        if (corrections.ownPending()) {
            run.findings().ownPendingCorrectionShown();
        }
        for (String mistake : corrections.examples()) {
            text.append("\n\nA past answer was corrected by a user; do not repeat this mistake:\n").append(mistake);
        }
        List<String> images = Category.VISION.equals(task.category()) ? run.question().images() : List.of();
        return List.of(new ChatMessage("user", text.toString(), images));
    }
}
