package io.moe.application.pipeline.experts;

import io.moe.domain.pipeline.Category;
import io.moe.domain.template.ExpertConfig;
import io.moe.domain.template.ExpertModel;
import io.moe.domain.template.ExpertTemplate;

import java.util.List;

/** Which models serve a category in a template, and its system prompt. */
public final class Experts {

    private Experts() {
    }

    /**
     * The category's models; when the template does not serve it, the general category's; when it has no
     * general category either (an imported template may not), the models of its first category that has any.
     */
    public static List<ExpertModel> modelsOf(ExpertTemplate template, String category) {
        List<ExpertModel> own = template.expert(category).map(ExpertConfig::models).orElse(List.of());
        if (!own.isEmpty()) {
            return own;
        }
        List<ExpertModel> general = template.expert(Category.GENERAL).map(ExpertConfig::models).orElse(List.of());
        if (!general.isEmpty()) {
            return general;
        }
        return template.experts().values().stream().map(ExpertConfig::models).filter(m -> !m.isEmpty()).findFirst()
                .orElseThrow(() -> new IllegalStateException("template '" + template.name() + "' has no expert model at all"));
    }

    /** The template's system prompt of the category, or null for the built-in one. */
    public static String systemPrompt(ExpertTemplate template, String category) {
        return template.expert(category).map(ExpertConfig::systemPrompt).filter(p -> !p.isBlank()).orElse(null);
    }
}
