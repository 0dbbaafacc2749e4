package io.moe.application.pipeline.cache;

import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.chat.ChatMessage;

import java.util.List;

/**
 * Whether an answer depends on nothing but its one question (DESIGN §8, "learned material is
 * tenant-safe"): the client sent exactly one turn, a user turn without images. Only such answers are
 * shared with other users, through the semantic cache and the knowledge graph. Anything else (a
 * client-written assistant or system turn, earlier user turns, images) can carry one user's words into
 * the answer, so it must not reach another user's answer or prompt; nor may a question a skill rewrote,
 * whose text is the skill's prompt, which only the users granted the skill may see (rule 13).
 */
public final class SelfContained {

    /** Reason given when the client sent more than its one question. */
    public static final String CONVERSATION = "conversation";
    /** Reason given when the question came with images. */
    public static final String IMAGES = "images";
    /** Reason given when a skill rewrote the question. */
    public static final String SKILL = "skill";

    private SelfContained() {
    }

    /**
     * Why the run's answer depends on more than its question, or may not be shared ({@link #CONVERSATION},
     * {@link #IMAGES}, {@link #SKILL}); null when it does not.
     */
    public static String dependency(PipelineRun run) {
        List<ChatMessage> sent = run.request().messages();
        if (sent.size() != 1 || !"user".equals(sent.get(0).role())) {
            return CONVERSATION;
        }
        if (run.question().rewritten()) {
            return SKILL;
        }
        return run.question().images().isEmpty() ? null : IMAGES;
    }

    public static boolean of(PipelineRun run) {
        return dependency(run) == null;
    }
}
