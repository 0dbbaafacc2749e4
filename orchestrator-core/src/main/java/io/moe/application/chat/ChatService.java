package io.moe.application.chat;

import io.moe.application.pipeline.after.AfterAnswer;
import io.moe.application.pipeline.merge.AgenticLoop;
import io.moe.application.pipeline.cache.CacheLookup;
import io.moe.application.pipeline.run.CallLedger;
import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.pipeline.merge.Critic;
import io.moe.application.pipeline.intake.InternalRequests;
import io.moe.application.pipeline.merge.Merger;
import io.moe.application.pipeline.merge.OutputFormat;
import io.moe.application.pipeline.ParallelStage;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.routing.Route;
import io.moe.application.tracing.Spans;
import io.moe.application.pipeline.plan.Planner;
import io.moe.application.pipeline.run.Progress;
import io.moe.application.pipeline.research.ResearchFallback;
import io.moe.application.pipeline.intake.SkillResolver;
import io.moe.application.pipeline.merge.ThinkingStep;
import io.moe.application.pipeline.tools.ToolStage;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.identity.Caller;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.Plan;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;

/**
 * Answers a chat request with the spec's pipeline, in the order of its rules: skills (13), internal
 * requests (12), cache lookup (1), planner (2), the parallel stage of experts, research, math, tools and
 * graph (3, 4), research fallback (5), thinking (6), merger (7), critic (8), agentic re-planning (9),
 * then the mode's output form and the after-answer work (10, 11) off the response path.
 */
@ApplicationScoped
public class ChatService {

    @Inject
    PipelineExecutor executor;

    @Inject
    SkillResolver skills;

    @Inject
    InternalRequests internal;

    @Inject
    CacheLookup cache;

    @Inject
    Planner planner;

    @Inject
    ToolStage tools;

    @Inject
    ParallelStage parallel;

    @Inject
    ResearchFallback researchFallback;

    @Inject
    ThinkingStep thinking;

    @Inject
    Merger merger;

    @Inject
    Critic critic;

    @Inject
    AgenticLoop agentic;

    @Inject
    AfterAnswer afterAnswer;

    @Inject
    Spans spans;

    /**
     * Answers {@code request} for {@code caller} under the response id {@code id}; progress lines go to
     * {@code progress}, with the models of the route's template, every model call to {@code ledger}, and the run stops
     * once {@code cancellation} is triggered. The trace names the model id the client sent and the profile that chose the route.
     */
    public CompletionStage<ChatAnswer> answer(Caller caller, String id, long created, ChatRequest request, Route.Pipeline route,
                                              Progress progress, CallLedger ledger, Cancellation cancellation) {
        PipelineRun run = new PipelineRun(id, caller, request, route.template(), progress, ledger, cancellation);
        if (route.templateOwner() != null) {
            run.templateOwnedBy(route.templateOwner());
        }
        run.trace().requested(route.modelId(), route.profile());
        Spans.Span span = traced(run);
        try {
            return executor.supply(() -> run(run, created)).whenComplete((answer, failure) -> {
                if (failure != null) {
                    span.failed(failure);
                }
                span.attribute("moe.tokens", run.usage().totalTokens());
                span.end();
            });
        } catch (RuntimeException e) {
            span.failed(e);
            span.end();
            throw e;
        }
    }

    /** The run's span, under the current one (the HTTP request's): its stages and calls become spans under it. */
    private Spans.Span traced(PipelineRun run) {
        Spans.Span span = spans.start("moe.pipeline " + run.mode().modeName(), null, Map.of("moe.response_id", run.id(),
                "moe.mode", run.mode().modeName(), "moe.template", run.template() == null ? "" : run.template().name(),
                "moe.user_id", run.caller().userId()));
        run.traced(spans, span);
        return span;
    }

    private ChatAnswer run(PipelineRun run, long created) {
        long start = System.nanoTime();
        skills.resolve(run);
        if (internal.matches(run)) {
            internal.answer(run);
            return finish(run, created, run.verdict().answer(), start);
        }
        if (!run.timed("cache", () -> cache.lookup(run))) {
            CompletableFuture<List<GraphFact>> graphContext = parallel.graphContext(run); // runs while the planner plans
            for (int round = 1; ; round++) {
                run.cancellation().checkpoint();
                boolean replanning = round > 1;
                run.status(replanning ? "Planning again with what is missing" : "Planning the answer");
                Plan plan = tools.withinGrants(run, run.timed("planner", () -> planner.plan(run, replanning)));
                run.findings().plan(plan);
                run.status("Plan: " + plan.tasks().size() + " task(s): "
                        + plan.tasks().stream().map(t -> t.category()).collect(Collectors.joining(", ")));
                parallel.run(run, graphContext);
                run.timed("research_fallback", () -> researchFallback.run(run));
                if (thinking.applies(run)) {
                    run.timed("thinking", () -> thinking.run(run));
                }
                run.timed("merger", () -> merger.merge(run, merger.hasTheLastWord(run)));
                if (critic.applies(run)) {
                    run.timed("critic", () -> critic.run(run));
                }
                if (!agentic.anotherRound(run, round)) {
                    break;
                }
            }
        }
        String content = run.verdict().rendered() != null ? run.verdict().rendered()
                : OutputFormat.render(run.mode(), run.verdict().answer(), run.verdict().confidence(), run.findings().web());
        return finish(run, created, content, start);
    }

    private ChatAnswer finish(PipelineRun run, long created, String content, long start) {
        afterAnswer.schedule(run, content, (System.nanoTime() - start) / 1_000_000);
        return new ChatAnswer(run.id(), created, content, run.usage(), run.completions(), run.verdict().fromCache(),
                run.findings().reasoning(), run.verdict().cut());
    }
}
