package io.moe.domain.template;

import java.util.Arrays;
import java.util.Optional;

/**
 * The kinds of model call a template sets {@code max_tokens} and timeouts for: the planner, the experts and
 * the judge (which also merges, criticises and checks for gaps).
 */
public enum StageRole {
    PLANNER("planner"), EXPERT("expert"), JUDGE("judge");

    private final String wireName;

    StageRole(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<StageRole> of(String wireName) {
        return Arrays.stream(values()).filter(r -> r.wireName.equals(wireName)).findFirst();
    }
}
