package io.moe.application.pipeline.merge;

import io.moe.domain.chat.Completion;
import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.pipeline.trace.Outcome;
import io.moe.application.pipeline.trace.TraceText;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.regex.Pattern;

/**
 * Rule 8: when the plan holds a medical_consult or legal_advisor task, a second judge pass checks the
 * answer for factual errors and dangerous statements. BESTÄTIGT (or CONFIRMED) keeps the answer;
 * anything else is the corrected answer and replaces it. A critic that fails or says almost nothing
 * leaves the answer as it is.
 */
@ApplicationScoped
public class Critic {

    public static final String STAGE = "critic";
    static final int MIN_CORRECTION = 20;
    private static final Pattern CONFIRMED = Pattern.compile("(?iu)^[*_\\s]*(bestätigt|bestaetigt|confirmed)\\b.*", Pattern.DOTALL);
    /** A short remark that ends with the word on a line of its own ("Die Antwort ist korrekt.\nBESTÄTIGT") confirms too. */
    private static final Pattern CONFIRMED_LAST = Pattern.compile("(?iu)(?s)^.{0,300}?(?:^|[\\n.:!])[*_\\s]*(bestätigt|bestaetigt|confirmed)[*_.!\\s]*$");
    private static final Pattern CORRECTED_PREFIX = Pattern.compile("(?iu)^[*_\\s]*(korrigiert|corrected|korrektur|correction)[*_\\s]*:\\s*");
    private static final String SYSTEM = "You are the critic of a multi-expert system. Check the answer below for factual "
            + "errors and dangerous statements. If it is correct and safe, reply with the single word BESTÄTIGT. "
            + "Otherwise reply with the corrected answer only.";

    @Inject
    ModelCaller models;

    /** Whether the critic's reply confirms the answer rather than replacing it. */
    static boolean confirms(String verdict) {
        return CONFIRMED.matcher(verdict).matches() || CONFIRMED_LAST.matcher(verdict).matches();
    }

    public boolean applies(PipelineRun run) {
        return run.findings().plan() != null && (run.findings().plan().has(Category.MEDICAL) || run.findings().plan().has(Category.LEGAL));
    }

    public void run(PipelineRun run) {
        run.status("Checking the answer for errors and dangerous statements");
        try {
            Completion checked = models.call(run, STAGE, Merger.judgeModel(run), SYSTEM,
                    "Question: " + run.question().text() + "\n\nAnswer to check:\n" + run.verdict().answer());
            String verdict = checked.content().strip();
            if (confirms(verdict)) {
                run.trace().critic(Outcome.of("confirmed"));
                return;
            }
            String corrected = Confidence.strip(CORRECTED_PREFIX.matcher(verdict).replaceFirst(""));
            if (corrected.length() < MIN_CORRECTION) {
                run.trace().critic(Outcome.of("ignored", "too short to be a correction"));
                return;
            }
            run.trace().critic(Outcome.of("corrected"));
            run.verdict().answer(corrected, run.verdict().confidence(), checked.cutAtLimit());
        } catch (InferenceException e) {
            run.trace().critic(Outcome.of("failed", TraceText.failure(run.id(), e)));
        }
    }
}
