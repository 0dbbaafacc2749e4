package io.moe.application.servers;

import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.InvalidTemplateException;
import io.moe.domain.template.TemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * Which stored templates (active or not) name a server in a model reference: planner, judge or an expert.
 * A stored template that no longer reads as one names nothing.
 */
@ApplicationScoped
public class ServerReferences {

    @Inject
    TemplateRepository templates;

    public List<String> templatesNaming(String server) {
        List<String> naming = new ArrayList<>();
        for (ExpertTemplateRecord record : templates.all()) {
            try {
                if (names(record.template(), server)) {
                    naming.add(record.name());
                }
            } catch (InvalidTemplateException unreadable) {
                // names nothing
            }
        }
        return naming;
    }

    static boolean names(ExpertTemplate template, String server) {
        return template.serverMentions().stream().anyMatch(m -> m.server().equals(server));
    }
}
