package io.moe.application.template;

import io.moe.domain.shared.Refusal.Kind;

import java.util.Locale;

/** What an import does with an item whose name is taken: {@code merge} skips it, {@code replace} overwrites it. */
public enum ImportMode {
    MERGE, REPLACE;

    /** The mode named {@code text}; absent means merge. */
    public static ImportMode of(String text) {
        if (text == null || text.isBlank()) {
            return MERGE;
        }
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "merge" -> MERGE;
            case "replace" -> REPLACE;
            default -> throw new TemplateRefusedException(Kind.INVALID, "invalid_mode", "mode",
                    "mode must be merge (skip templates whose name exists) or replace (overwrite them)");
        };
    }
}
