package io.moe.application.pipeline;

import io.moe.application.pipeline.experts.ExpertStage;
import io.moe.application.pipeline.graph.GraphContext;
import io.moe.application.pipeline.merge.FastPathStream;
import io.moe.application.pipeline.merge.Merger;
import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.research.ResearchStage;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.tools.MathStage;
import io.moe.application.pipeline.tools.ToolStage;

import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.pipeline.ToolResult;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;

/**
 * Rule 3: after planning, experts, web research, symbolic math, precision tools and graph context all
 * run at the same time; the stage ends when the slowest of them is done. Graph context needs only the question, not the
 * plan, so it is started as soon as the cache missed ({@link #graphContext}) and runs while the planner plans. A streamed
 * request that only one expert answers may get that expert's answer while it is written (rule 7's fast path,
 * {@link Merger#streamsFastPath}), which waits for graph context to know that it adds nothing.
 */
@ApplicationScoped
public class ParallelStage {

    @Inject
    PipelineExecutor executor;

    @Inject
    ExpertStage experts;

    @Inject
    ResearchStage research;

    @Inject
    MathStage math;

    @Inject
    ToolStage tools;

    @Inject
    GraphContext graph;

    @Inject
    Merger merger;

    /** Starts graph context for the run's question (nothing when the template turns it off); {@link #run} takes its facts. */
    public CompletableFuture<List<GraphFact>> graphContext(PipelineRun run) {
        return graph.enabled(run) ? executor.branch(() -> run.timed("graph", () -> graph.run(run)))
                : CompletableFuture.completedFuture(List.of());
    }

    /** The parallel stage of one planning round, with graph context started before ({@link #graphContext}). */
    public void run(PipelineRun run, CompletableFuture<List<GraphFact>> graphDone) {
        List<Subtask> expertTasks = run.findings().plan().expertTasks();
        List<String> queries = research.queries(run);
        boolean withMath = math.applies(run);
        boolean withTools = run.findings().plan().has(Category.PRECISION_TOOLS);
        announce(run, expertTasks, queries, withTools);

        Optional<FastPathStream> fastPath = merger.streamsFastPath(run, expertTasks, queries.isEmpty() && !withMath && !withTools, graphDone);
        // only what applies is handed to another thread; the experts run on this one, which would otherwise only wait
        CompletableFuture<Void> webDone = queries.isEmpty() ? CompletableFuture.completedFuture(run.timed("research", () -> null))
                : executor.branch(() -> run.timed("research", () -> {
                    research.run(run, queries);
                    return null;
                }));
        CompletableFuture<String> mathDone = withMath ? executor.branch(() -> run.timed("math", () -> math.run(run)))
                : CompletableFuture.completedFuture("");
        CompletableFuture<List<ToolResult>> toolsDone = withTools ? executor.branch(() -> run.timed("tools", () -> tools.run(run)))
                : CompletableFuture.completedFuture(List.of());
        CompletableFuture<List<ExpertResult>> expertsDone = PipelineExecutor.here(() -> run.timed("experts", () -> experts.run(run, expertTasks, fastPath)));
        try {
            CompletableFuture.allOf(expertsDone, webDone, mathDone, toolsDone, graphDone).join();
        } catch (CompletionException e) {
            throw ModelCaller.unwrap(e);
        }
        run.findings().experts(expertsDone.join());
        run.findings().math(mathDone.join());
        run.findings().addTools(toolsDone.join());
        run.findings().graph(graphDone.join());
        run.status(summary(run));
    }

    private static void announce(PipelineRun run, List<Subtask> expertTasks, List<String> queries, boolean withTools) {
        StringBuilder line = new StringBuilder();
        if (!expertTasks.isEmpty()) {
            line.append("Asking experts: ").append(expertTasks.stream().map(Subtask::category).distinct().collect(Collectors.joining(", ")));
        }
        if (withTools) {
            line.append(line.length() == 0 ? "" : "; ").append("running tools: ").append(run.findings().plan().of(Category.PRECISION_TOOLS)
                    .stream().map(t -> t.mcpTool() == null ? "?" : t.mcpTool()).collect(Collectors.joining(", ")));
        }
        if (!queries.isEmpty()) {
            line.append(line.length() == 0 ? "" : "; ").append("searching the web (").append(queries.size()).append(')');
        }
        if (line.length() > 0) {
            run.status(line.toString());
        }
    }

    private static String summary(PipelineRun run) {
        long answered = run.findings().experts().stream().filter(r -> !r.failed()).count();
        return answered + " expert answer(s)" + (run.findings().tools().isEmpty() ? "" : ", " + run.findings().tools().size() + " tool result(s)")
                + (run.findings().graph().isEmpty() ? "" : ", " + run.findings().graph().size() + " graph fact(s)")
                + (run.findings().web().isEmpty() ? "" : ", web sources found");
    }
}
