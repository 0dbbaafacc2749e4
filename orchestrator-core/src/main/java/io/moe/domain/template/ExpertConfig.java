package io.moe.domain.template;

import java.util.List;

/** How one expert category is served: its system prompt (null = built-in) and its models. */
public record ExpertConfig(String systemPrompt, List<ExpertModel> models) {

    public ExpertConfig {
        models = List.copyOf(models);
    }
}
