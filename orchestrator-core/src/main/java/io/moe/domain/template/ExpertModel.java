package io.moe.domain.template;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * One model serving an expert category: a model name on a named inference server, its {@link ExpertRole}
 * and, when the template overrides it, the tier it runs in.
 */
public record ExpertModel(String model, String endpoint, ExpertRole role, OptionalInt tierOverride) {

    public ExpertModel {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(tierOverride, "tierOverride");
    }

    /** True when the model always runs ({@link ExpertRole#ALWAYS}). */
    public boolean required() {
        return role == ExpertRole.ALWAYS;
    }

    /** The tier the template puts the model in: its override, else its role's (always and primary 1, fallback 2). */
    public int tier() {
        return tierOverride.orElse(role.tier());
    }

    public ModelRef ref() {
        return new ModelRef(model, endpoint);
    }
}
