package io.moe.application.identity;

import io.moe.application.pipeline.intake.SkillCatalog;
import io.moe.application.routing.RouteResolver;
import io.moe.application.template.TemplateCatalog;
import io.moe.application.servers.InferenceServerAdministration;
import io.moe.domain.identity.ResourceIds;
import io.moe.domain.identity.ResourceType;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * What a permission of each type can name today, for the admin's pickers: the routing modes, the tool
 * server's tools, {@code model@server} from the models the servers last listed, and the skills in the skill
 * folder, {@code tmpl-<id>} of the active templates. Profiles have no catalogue yet: their ids are typed. A picker only helps: the grant
 * itself is checked by {@link UserAdministration#grant} like any API call.
 */
@ApplicationScoped
public class GrantableResources {

    @Inject
    InferenceServerAdministration servers;

    @Inject
    ToolServerClient tools;

    @Inject
    SkillCatalog skills;

    @Inject
    TemplateCatalog templates;

    public List<String> of(ResourceType type) {
        return switch (type) {
            case MOE_MODE -> ResourceIds.MOE_MODES.stream().sorted().toList();
            case MCP_TOOL -> tools.toolNames();
            case MODEL_ENDPOINT -> modelEndpoints();
            case SKILL -> skills.all().keySet().stream().sorted().toList();
            case EXPERT_TEMPLATE -> templates.allActive().stream().map(RouteResolver::templateGrant).sorted().toList();
            case CC_PROFILE -> List.of();
        };
    }

    private List<String> modelEndpoints() {
        return servers.list().stream().flatMap(s -> s.health().stream()
                        .flatMap(h -> h.models().stream().map(m -> m + "@" + s.settings().name())))
                .filter(ref -> ResourceIds.problem(ResourceType.MODEL_ENDPOINT, ref) == null)
                .sorted().distinct().toList();
    }
}
