package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.ToolResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The merger's material in the spec's source priority: reasoning trace, tool results, knowledge graph,
 * experts (only the most confident result per category), web research, cached examples.
 */
final class MergerInput {

    private MergerInput() {
    }

    /** The highest-confidence answered result of each category, in the order the categories first appear. */
    static List<ExpertResult> bestPerCategory(List<ExpertResult> results) {
        Map<String, ExpertResult> best = new LinkedHashMap<>();
        for (ExpertResult r : results) {
            if (r.failed()) {
                continue;
            }
            best.merge(r.category(), r, (a, b) -> b.confidence().compareTo(a.confidence()) > 0 ? b : a);
        }
        return new ArrayList<>(best.values());
    }

    static String sources(PipelineRun run, boolean withReasoning) {
        StringBuilder in = new StringBuilder();
        if (withReasoning && !run.findings().reasoning().isEmpty()) {
            in.append("## Reasoning trace (highest priority)\n").append(run.findings().reasoning()).append("\n\n");
        }
        List<ToolResult> tools = run.findings().tools().stream().filter(ToolResult::ok).toList();
        if (!tools.isEmpty() || !run.findings().math().isEmpty()) {
            in.append("## Tool results (exact; prefer them over expert estimates)\n");
            tools.forEach(t -> in.append("- ").append(t.tool()).append(' ').append(t.args()).append(" = ").append(t.output()).append('\n'));
            in.append(run.findings().math()).append('\n');
        }
        if (!run.findings().graph().isEmpty()) {
            in.append("## Knowledge graph\n");
            run.findings().graph().stream().sorted(Comparator.comparingDouble(GraphFact::trust).reversed())
                    .forEach(f -> in.append("- ").append(f.sentence()).append(" (trust ").append(f.trust()).append(")\n"));
            in.append('\n');
        }
        List<ExpertResult> experts = bestPerCategory(run.findings().everyRound());
        if (!experts.isEmpty()) {
            in.append("## Expert answers\n");
            experts.stream().sorted(Comparator.comparing(ExpertResult::confidence, Comparator.reverseOrder()))
                    .forEach(r -> in.append("### ").append(r.category()).append(" (").append(r.model()).append(", KONFIDENZ: ")
                            .append(r.confidence().label()).append(")\n").append(Confidence.strip(r.text())).append("\n\n"));
        }
        if (!run.findings().web().isEmpty()) {
            in.append("## Web research (cite as [n])\n").append(run.findings().web()).append('\n');
        }
        if (!run.findings().examples().isEmpty()) {
            in.append("## Similar earlier answers\n");
            run.findings().examples().forEach(e -> in.append("- ").append(e).append('\n'));
        }
        return in.toString();
    }
}
