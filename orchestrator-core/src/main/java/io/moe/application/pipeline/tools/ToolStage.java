package io.moe.application.pipeline.tools;

import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.tracing.Spans;

import io.moe.application.pipeline.trace.ToolEntry;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.pipeline.ToolResult;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Precision tools (rule 3): every precision_tools task of the plan, all in parallel, each through
 * POST /invoke of the tool server with the orchestrator's service credential — but only the tools the
 * asking user may call (an {@code mcp_tool} grant naming the tool, or admin), exactly as if the user had
 * called {@code /invoke} with their own key. A denied task is answered by a general expert instead, and
 * the trace says why the tool was skipped.
 */
@ApplicationScoped
public class ToolStage {

    @Inject
    ToolServerClient tools;

    @Inject
    PipelineExecutor executor;

    /**
     * The plan with every tool task the asking user may not call turned into a general expert task (the
     * expert answers it in words instead); each such skip is in the trace's {@code tools} with the reason.
     */
    public Plan withinGrants(PipelineRun run, Plan plan) {
        List<Subtask> tasks = plan.tasks().stream().map(t -> {
            if (!Category.PRECISION_TOOLS.equals(t.category()) || t.mcpTool() == null || mayCall(run.caller(), t.mcpTool())) {
                return t;
            }
            run.trace().tool(ToolEntry.skipped(t.mcpTool(), t.mcpArgs(), "the user holds no mcp_tool permission for " + t.mcpTool()));
            return Subtask.of(t.task(), Category.GENERAL);
        }).toList();
        return tasks.equals(plan.tasks()) ? plan : new Plan(tasks, plan.fallback());
    }

    /** Runs the plan's tool tasks (already within the user's grants, see {@link #withinGrants}). */
    public List<ToolResult> run(PipelineRun run) {
        List<Subtask> tasks = run.findings().plan().of(Category.PRECISION_TOOLS);
        List<ToolResult> results = executor.all(tasks.stream().<Supplier<ToolResult>>map(t -> run.inCurrentStage(() -> traced(run, t))).toList());
        for (ToolResult r : results) {
            run.trace().tool(ToolEntry.ran(r.tool(), r.args(), r.ok(), r.output()));
        }
        return results;
    }

    /** Whether the caller may have {@code tool} called: admin, or an mcp_tool grant naming it. (A task without a tool is kept: it fails with its reason.) */
    public static boolean mayCall(Caller caller, String tool) {
        return caller.admin() || caller.granted(ResourceType.MCP_TOOL).contains(tool);
    }

    /** One tool call, as a span of the run under the tools stage. */
    private ToolResult traced(PipelineRun run, Subtask task) {
        Spans.Span span = run.startSpan("tool " + task.mcpTool(), run.currentSpan(), Map.of("moe.tool", String.valueOf(task.mcpTool()),
                "moe.response_id", run.id()));
        try {
            ToolResult result = invoke(task);
            if (!result.ok()) {
                span.failed(new IllegalStateException(result.output()));
            }
            return result;
        } finally {
            span.end();
        }
    }

    private ToolResult invoke(Subtask task) {
        if (task.mcpTool() == null) {
            return new ToolResult("(none)", task.mcpArgs(), false, "the plan named no tool for: " + task.task());
        }
        return tools.invoke(task.mcpTool(), task.mcpArgs());
    }
}
