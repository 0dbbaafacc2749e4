package io.moe.application.pipeline.merge;

import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Confidence;

/**
 * The eight output modes. {@link #instruction} tells the judge the form; {@link #render} guarantees it
 * on the final text whatever the model wrote (the forms are described at {@link AnswerForm}).
 */
public final class OutputFormat {

    private OutputFormat() {
    }

    static String instruction(Mode mode) {
        return switch (mode) {
            case DEFAULT -> "Give a full answer with explanations.";
            case CODE -> "Answer with source code only, no prose outside code comments.";
            case CONCISE -> "Answer in at most 120 words.";
            case AGENT, AGENT_ORCHESTRATED -> "Answer in clean Markdown for a coding agent, without any confidence block.";
            case RESEARCH -> "Write a structured research report: findings with [n] citations, then the sources.";
            case REPORT -> "Write a professional Markdown report that starts with an executive summary.";
            case PLAN -> "Answer with a plan: the goal, numbered steps, and risks.";
        };
    }

    /** The final answer in the mode's form ({@link AnswerForm}, given the whole text at once). */
    public static String render(Mode mode, String text, Confidence level, String webSources) {
        return AnswerForm.render(mode, text, level, webSources);
    }
}
