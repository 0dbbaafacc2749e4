package io.moe.application.servers;

import io.moe.application.template.TemplateCatalog;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Which templates name a server in a model reference (planner, judge or an expert). Today that is the
 * default template, read through {@link TemplateCatalog}; when templates become manageable this is the one
 * place to widen. A missing default template names nothing.
 */
@ApplicationScoped
public class ServerReferences {

    @Inject
    TemplateCatalog templates;

    public List<String> templatesNaming(String server) {
        ExpertTemplate template;
        try {
            template = templates.defaultTemplate();
        } catch (IllegalStateException noDefault) {
            return List.of();
        }
        return names(template, server) ? List.of(template.name()) : List.of();
    }

    static boolean names(ExpertTemplate template, String server) {
        Stream<String> endpoints = Stream.concat(
                Stream.of(template.plannerModel(), template.judgeModel()).filter(Objects::nonNull).map(ModelRef::endpoint),
                template.experts().values().stream().flatMap(e -> e.models().stream()).map(m -> m.endpoint()));
        return endpoints.anyMatch(server::equals);
    }
}
