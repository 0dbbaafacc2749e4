package io.moe.domain.template;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a model takes part in its category: {@code always} runs alongside tier 1 whatever tier 1 answers,
 * {@code primary} is tier 1, {@code fallback} is tier 2 (asked when tier 1 was not confident enough).
 * Templates of the original system say {@code required: true} for {@code always}; a model given no role takes the
 * one its size implies (spec rule 4): at most {@value #TIER_BOUNDARY_BILLIONS} billion parameters (or no count in its
 * tag) is {@code primary}, more is {@code fallback}.
 */
public enum ExpertRole {
    ALWAYS("always", 1), PRIMARY("primary", 1), FALLBACK("fallback", 2);

    /** Tier 1 models have at most this many billion parameters. */
    public static final double TIER_BOUNDARY_BILLIONS = 20;

    private final String wireName;
    private final int tier;

    ExpertRole(String wireName, int tier) {
        this.wireName = wireName;
        this.tier = tier;
    }

    public String wireName() {
        return wireName;
    }

    /** The tier a model of this role runs in when the template does not override it. */
    public int tier() {
        return tier;
    }

    /** The role of a model the template gives none: by the parameter count its tag names. */
    public static ExpertRole bySize(ModelRef model) {
        return model.billionParameters().orElse(0) > TIER_BOUNDARY_BILLIONS ? FALLBACK : PRIMARY;
    }

    public static Optional<ExpertRole> of(String wireName) {
        return Arrays.stream(values()).filter(r -> r.wireName.equals(wireName)).findFirst();
    }
}
