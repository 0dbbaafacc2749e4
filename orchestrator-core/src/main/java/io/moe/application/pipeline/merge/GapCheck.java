package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.trace.PipelineTrace;
import io.moe.application.pipeline.trace.TraceText;

import io.moe.infrastructure.llm.InferenceException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rule 9, the agentic gap check: asks whether the synthesised answer fully answers the question. An
 * answer containing NEEDS_MORE_INFO names what is missing; anything else means complete.
 */
@ApplicationScoped
public class GapCheck {

    public static final String STAGE = "gap_check";
    /** Above this many prompt tokens so far the check is skipped. */
    public static final long MAX_PROMPT_TOKENS = 80_000;
    private static final Pattern NEEDS = Pattern.compile("(?is)NEEDS_MORE_INFO\\s*[:\\-]?\\s*(.*)");
    private static final String SYSTEM = "You are the gap check of a multi-expert system. Decide whether the answer fully "
            + "answers the question. Reply COMPLETE if it does; otherwise reply NEEDS_MORE_INFO: followed by what is missing.";

    @Inject
    ModelCaller models;

    /** What is still missing, or empty when the answer is complete (or the check failed). */
    public Optional<String> missing(PipelineRun run) {
        try {
            String reply = models.call(run, STAGE, Merger.judgeModel(run), SYSTEM,
                    "Question: " + run.question().text() + "\n\nAnswer:\n" + run.verdict().answer()).content();
            Matcher m = NEEDS.matcher(reply);
            if (!m.find()) {
                return Optional.empty();
            }
            String what = m.group(1).strip();
            return Optional.of(what.isEmpty() ? "details the answer does not give yet" : what);
        } catch (InferenceException e) {
            run.trace().error(PipelineTrace.Failing.GAP_CHECK, TraceText.failure(run.id(), e));
            return Optional.empty();
        }
    }
}
