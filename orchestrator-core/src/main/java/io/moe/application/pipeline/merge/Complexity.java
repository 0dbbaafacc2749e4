package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.run.PipelineRun;

/**
 * How demanding a request is, judged without a model call: trivial (one short task, no conversation),
 * moderate (one task of ordinary length) or complex (several tasks or a long question).
 */
public enum Complexity {
    TRIVIAL, MODERATE, COMPLEX;

    static final int TRIVIAL_CHARS = 80;
    static final int MODERATE_CHARS = 400;

    public static Complexity of(PipelineRun run) {
        int tasks = run.findings().plan().tasks().size();
        int chars = run.question().text().length();
        boolean conversation = run.question().messages().stream().filter(m -> "user".equals(m.role())).count() > 1;
        if (tasks > 1 || chars > MODERATE_CHARS) {
            return COMPLEX;
        }
        return chars <= TRIVIAL_CHARS && !conversation ? TRIVIAL : MODERATE;
    }
}
