package io.moe.domain.template;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The bounds a template sets on its runs: how much conversation history the models see, and per
 * {@link StageRole} the {@code max_tokens} of a call and how long one may take. An absent value means the
 * service's setting applies ({@code moe.max-tokens.*}, the inference server's timeout); the planner's
 * timeout is {@link #DEFAULT_PLANNER_TIMEOUT} unless the template says otherwise.
 */
public record TemplateLimits(OptionalInt historyMaxTurns, OptionalInt historyMaxChars,
                             Map<StageRole, Integer> maxTokens, Map<StageRole, Duration> timeouts) {

    public static final Duration DEFAULT_PLANNER_TIMEOUT = Duration.ofSeconds(300);
    public static final TemplateLimits DEFAULTS = new TemplateLimits(OptionalInt.empty(), OptionalInt.empty(),
            Map.of(), Map.of(StageRole.PLANNER, DEFAULT_PLANNER_TIMEOUT));

    public TemplateLimits {
        maxTokens = Collections.unmodifiableMap(maxTokens.isEmpty() ? new EnumMap<>(StageRole.class) : new EnumMap<>(maxTokens));
        timeouts = Collections.unmodifiableMap(timeouts.isEmpty() ? new EnumMap<>(StageRole.class) : new EnumMap<>(timeouts));
    }
}
