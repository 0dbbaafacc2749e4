package io.moe.application.pipeline.models;

import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.StageRole;

import java.util.Optional;
import java.util.OptionalInt;

import io.moe.application.pipeline.experts.ExpertStage;
import io.moe.application.pipeline.intake.InternalRequests;
import io.moe.application.pipeline.merge.Critic;
import io.moe.application.pipeline.merge.GapCheck;
import io.moe.application.pipeline.merge.Merger;
import io.moe.application.pipeline.merge.ThinkingStep;
import io.moe.application.pipeline.plan.Planner;

import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The most tokens each kind of model call may write ({@code moe.max-tokens.*}; each default lives here),
 * sent upstream as {@code max_tokens} on every call, so that no request can make a model write until the
 * timeout. A client's own {@code max_tokens} lowers the caps of the calls that write the answer.
 */
@Dependent
public class TokenCaps {

    @Inject
    @ConfigProperty(name = "moe.max-tokens.planner", defaultValue = "1024")
    public int planner;

    /** About 600 tokens is the spec's expert output (2400 characters); the cap leaves room for the confidence line. */
    @Inject
    @ConfigProperty(name = "moe.max-tokens.expert", defaultValue = "1024")
    public int expert;

    @Inject
    @ConfigProperty(name = "moe.max-tokens.judge", defaultValue = "4096")
    public int judge;

    @Inject
    @ConfigProperty(name = "moe.max-tokens.thinking", defaultValue = "4096")
    public int thinking;

    @Inject
    @ConfigProperty(name = "moe.max-tokens.critic", defaultValue = "2048")
    public int critic;

    @Inject
    @ConfigProperty(name = "moe.max-tokens.gap-check", defaultValue = "512")
    public int gapCheck;

    @Inject
    @ConfigProperty(name = "moe.max-tokens.internal", defaultValue = "512")
    public int internal;

    /**
     * The cap of a call of {@code stage}: the template's {@code max_tokens} of the stage's role (planner,
     * expert, judge) when it sets one, else this setting; lowered to {@code clientMax} for calls that write
     * the answer (0 = not set).
     */
    public int forStage(String stage, int clientMax, ExpertTemplate template) {
        OptionalInt own = role(stage).map(template::maxTokens).orElse(OptionalInt.empty());
        return forStage(stage, clientMax, own);
    }

    /** The template role whose settings (max_tokens, timeout) a call of {@code stage} follows, if any. */
    public static Optional<StageRole> role(String stage) {
        return switch (stage) {
            case Planner.STAGE, InternalRequests.STAGE -> Optional.of(StageRole.PLANNER);
            case ExpertStage.STAGE -> Optional.of(StageRole.EXPERT);
            case Merger.STAGE, Critic.STAGE -> Optional.of(StageRole.JUDGE);
            default -> Optional.empty();
        };
    }

    /** The cap of a call of {@code stage} without a template's own setting. */
    public int forStage(String stage, int clientMax) {
        return forStage(stage, clientMax, OptionalInt.empty());
    }

    private int forStage(String stage, int clientMax, OptionalInt own) {
        int configured = switch (stage) {
            case Planner.STAGE -> planner;
            case ExpertStage.STAGE -> expert;
            case Merger.STAGE -> judge;
            case ThinkingStep.STAGE -> thinking;
            case Critic.STAGE -> critic;
            case GapCheck.STAGE -> gapCheck;
            case InternalRequests.STAGE -> internal;
            default -> judge;
        };
        int cap = own.orElse(configured);
        boolean writesAnswer = stage.equals(ExpertStage.STAGE) || stage.equals(Merger.STAGE)
                || stage.equals(Critic.STAGE) || stage.equals(InternalRequests.STAGE);
        return writesAnswer && clientMax > 0 ? Math.min(cap, clientMax) : cap;
    }
}
