package io.moe.application.pipeline;

import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.pipeline.ToolResult;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;

import java.util.List;
import java.util.function.Supplier;

/**
 * Precision tools (rule 3): every precision_tools task of the plan, all in parallel, each through
 * POST /invoke of the tool server with the orchestrator's service credential.
 */
@ApplicationScoped
public class ToolStage {

    @Inject
    ToolServerClient tools;

    @Inject
    PipelineExecutor executor;

    public List<ToolResult> run(PipelineRun run) {
        List<Subtask> tasks = run.plan().of(Category.PRECISION_TOOLS);
        List<ToolResult> results = executor.all(tasks.stream().<Supplier<ToolResult>>map(t -> () -> invoke(t)).toList());
        for (ToolResult r : results) {
            run.trace().tool(Json.createObjectBuilder().add("tool", r.tool()).add("args", r.args()).add("ok", r.ok())
                    .add("result", r.output()).build());
        }
        return results;
    }

    private ToolResult invoke(Subtask task) {
        if (task.mcpTool() == null) {
            return new ToolResult("(none)", task.mcpArgs(), false, "the plan named no tool for: " + task.task());
        }
        return tools.invoke(task.mcpTool(), task.mcpArgs());
    }
}
