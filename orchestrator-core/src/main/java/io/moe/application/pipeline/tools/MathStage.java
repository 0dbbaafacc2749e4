package io.moe.application.pipeline.tools;

import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.pipeline.trace.ToolEntry;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.pipeline.ToolResult;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Symbolic math (rule 3): runs only when the plan has a math task and no precision_tools task. The
 * formula in the task is solved exactly by the tool server's computer-algebra tools (solve_equation
 * for an equation, calculate otherwise); a task without a formula gives no result. Numbers written with
 * separators that are not arithmetic (dates, versions, IP addresses, phone numbers, ranges) are never read as
 * a formula: when in doubt there is no exact result, because a missing one costs less than a wrong one.
 */
@ApplicationScoped
public class MathStage {

    private static final Pattern FORMULA = Pattern.compile(
            "(?:\\d+(?:\\.\\d+)?|(?<![a-z])(?:sqrt|sin|cos|tan|log|ln|pi|[a-z])(?![a-z])|[-+*/^()=%\\s])+");
    /**
     * Numbers that only look like arithmetic, standing alone (not next to a letter or an operator): dates
     * (1989-11-09, 1989-11-09T18:00, 11/09/1989), versions and IP addresses (1.2.3, 2.0.1-rc1, 192.168.0.1/24), phone
     * numbers (+49 30 1234-5678, (555) 123-4567, 555-123-4567) and ranges (10-20). Subtraction is written
     * with spaces ({@code 10 - 20}) or inside a longer formula ({@code 3x^2-12=0}).
     */
    private static final Pattern NOT_ARITHMETIC = Pattern.compile("(?<![\\w.^*/+=(-])(?:"
            + "\\+\\d{1,3}(?:[\\s-]?\\(?\\d{2,}\\)?){2,}"
            + "|\\(\\d{2,5}\\)\\s?\\d{3,}(?:[\\s-]\\d{3,})*"
            + "|\\d+(?:\\.\\d+){2,}(?:/\\d{1,2})?(?:[-+][0-9a-z]+(?:\\.[0-9a-z]+)*)?"
            + "|\\d{1,2}/\\d{1,2}/(?:\\d{4}|\\d{2})"
            + "|\\d+(?:-\\d+)+(?:t\\d{1,2}(?::\\d{2}){1,2}z?)?"
            + ")(?![\\w^*/+=)-]|\\.\\d)");
    private static final Pattern VARIABLE = Pattern.compile("(?<![a-z])([a-z])(?![a-z])");

    @Inject
    ToolServerClient tools;

    public boolean applies(PipelineRun run) {
        return run.findings().plan().has(Category.MATH) && !run.findings().plan().has(Category.PRECISION_TOOLS);
    }

    public String run(PipelineRun run) {
        StringBuilder out = new StringBuilder();
        for (Subtask task : run.findings().plan().of(Category.MATH)) {
            formula(task.task()).ifPresent(formula -> {
                ToolResult result = solve(formula);
                run.trace().tool(ToolEntry.ran(result.tool(), result.args(), result.ok(), result.output()).inStage("math"));
                if (result.ok()) {
                    out.append(formula).append(" → ").append(result.output()).append('\n');
                }
            });
        }
        return out.toString();
    }

    private ToolResult solve(String formula) {
        if (formula.contains("=")) {
            Matcher v = VARIABLE.matcher(formula);
            String variable = v.find() ? v.group(1) : "x";
            return tools.invoke("solve_equation", Jsonp.createObjectBuilder().add("equation", formula).add("var", variable).build());
        }
        return tools.invoke("calculate", Jsonp.createObjectBuilder().add("expression", formula).build());
    }

    /** The longest formula-looking run of the text (digits joined by operators), if any. */
    static Optional<String> formula(String text) {
        String arithmetic = NOT_ARITHMETIC.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ¦ ");
        Matcher m = FORMULA.matcher(arithmetic);
        String best = null;
        while (m.find()) {
            String candidate = m.group().trim();
            if (candidate.matches(".*\\d.*") && candidate.matches(".*[-+*/^=].*")
                    && (best == null || candidate.length() > best.length())) {
                best = candidate;
            }
        }
        return Optional.ofNullable(best).map(f -> f.replaceAll("[.?!]+$", "").trim());
    }
}
