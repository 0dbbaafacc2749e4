package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.pipeline.trace.Outcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * Rule 9, agentic re-planning (opt-in by the template's max_agentic_rounds): after a synthesis the gap
 * check decides whether another round is needed; if so the next round plans again (bypassing the plan
 * cache) with a context block of what is established and what is missing. Skipped once the prompt
 * tokens of the request exceed 80 000.
 */
@ApplicationScoped
public class AgenticLoop {

    static final int ESTABLISHED_CHARS = 1500;

    @Inject
    GapCheck gaps;

    /** True when another round should run after {@code roundsDone} rounds. */
    public boolean anotherRound(PipelineRun run, int roundsDone) {
        int max = run.template().maxAgenticRounds();
        run.trace().agenticRounds(roundsDone);
        if (max <= 0 || roundsDone > max) {
            return false;
        }
        if (run.usage().promptTokens() > GapCheck.MAX_PROMPT_TOKENS) {
            run.trace().gapCheck(Outcome.of("skipped", "more than " + GapCheck.MAX_PROMPT_TOKENS + " prompt tokens"));
            return false;
        }
        Optional<String> missing = run.timed(GapCheck.STAGE, () -> gaps.missing(run));
        if (missing.isEmpty()) {
            run.trace().gapCheck(Outcome.of("complete"));
            return false;
        }
        String answer = run.verdict().answer() == null ? "" : run.verdict().answer();
        run.findings().agenticContext("Context from earlier rounds.\nWhat is established:\n"
                + (answer.length() > ESTABLISHED_CHARS ? answer.substring(0, ESTABLISHED_CHARS) + "…" : answer)
                + "\nWhat is missing:\n" + missing.get());
        run.trace().gapCheck(Outcome.of("needs_more_info"));
        run.status("Agentic round " + (roundsDone + 1) + " of " + (max + 1) + ": looking for what is missing");
        return true;
    }
}
