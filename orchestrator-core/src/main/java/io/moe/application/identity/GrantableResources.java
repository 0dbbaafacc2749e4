package io.moe.application.identity;

import io.moe.application.pipeline.intake.SkillCatalog;
import io.moe.application.profile.ProfileAdministration;
import io.moe.application.routing.RouteResolver;
import io.moe.application.template.TemplateCatalog;
import io.moe.application.servers.InferenceServerAdministration;
import io.moe.domain.identity.ResourceIds;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.identity.ResourceType;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a permission of each type can name today, for the admin's pickers: the routing modes, the tool
 * server's tools, {@code model@server} from the models the servers last listed, the skills in the skill
 * folder, {@code tmpl-<id>} of the active templates and {@code profile-<id>} of the coding-client profiles, these
 * two labelled with their names. A picker only helps: the grant itself is checked by {@link UserAdministration#grant}
 * like any API call.
 */
@ApplicationScoped
public class GrantableResources {

    /** What a grant names ({@code id}) and what a person reads in the picker ({@code label}: the id, or a name and the id). */
    public record Choice(String id, String label) implements Serializable {

        private static final long serialVersionUID = 1L;
        private static final Pattern LABELLED = Pattern.compile(".* \\(((?:tmpl|profile)-[0-9a-f]+)\\)");

        static Choice named(String name, String id) {
            return new Choice(id, name + " (" + id + ")");
        }

        /** The id a picker's text stands for: a label's id in brackets, else the text itself. */
        public static String idOf(String text) {
            Matcher m = text == null ? null : LABELLED.matcher(text.strip());
            return m != null && m.matches() ? m.group(1) : text;
        }
    }

    @Inject
    InferenceServerAdministration servers;

    @Inject
    ToolServerClient tools;

    @Inject
    SkillCatalog skills;

    @Inject
    TemplateCatalog templates;

    @Inject
    ProfileAdministration profiles;

    public List<Choice> of(ResourceType type) {
        return switch (type) {
            case MOE_MODE -> plain(ResourceIds.MOE_MODES.stream().sorted().toList());
            case MCP_TOOL -> plain(tools.toolNames());
            case MODEL_ENDPOINT -> plain(modelEndpoints());
            case SKILL -> plain(skills.all().keySet().stream().sorted().toList());
            case EXPERT_TEMPLATE -> templates.allActive().stream().sorted(Comparator.comparing(ExpertTemplateRecord::name))
                    .map(t -> Choice.named(t.name(), RouteResolver.templateGrant(t))).toList();
            case CC_PROFILE -> profiles.list().stream().map(p -> Choice.named(p.name(), p.grant())).toList();
        };
    }

    /** The name of the template or profile a grant names, when it exists; empty for every other grant. */
    public String nameOf(ResourceType type, String id) {
        return switch (type) {
            case EXPERT_TEMPLATE -> templates.allActive().stream().filter(t -> RouteResolver.templateGrant(t).equals(id))
                    .map(ExpertTemplateRecord::name).findFirst().orElse("");
            case CC_PROFILE -> profiles.list().stream().filter(p -> p.grant().equals(id)).map(CcProfileRecord::name).findFirst().orElse("");
            default -> "";
        };
    }

    private static List<Choice> plain(List<String> ids) {
        return ids.stream().map(id -> new Choice(id, id)).toList();
    }

    private List<String> modelEndpoints() {
        return servers.list().stream().flatMap(s -> s.health().stream()
                        .flatMap(h -> h.models().stream().map(m -> m + "@" + s.settings().name())))
                .filter(ref -> ResourceIds.problem(ResourceType.MODEL_ENDPOINT, ref) == null)
                .sorted().distinct().toList();
    }
}
