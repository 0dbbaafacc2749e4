package io.moe.application.template;

import io.moe.application.servers.InferenceServerRegistry;
import io.moe.application.servers.ServerSettings;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplate.ServerMention;
import io.moe.domain.template.InvalidTemplateException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

/**
 * Everything a template must pass before it is stored: the schema ({@link ExpertTemplate#fromJson}) and
 * that every inference server it names exists (enabled or not) in the registry that {@code /api/servers}
 * manages. A failure is a 400 naming the field.
 */
@ApplicationScoped
public class TemplateChecks {

    @Inject
    InferenceServerRegistry servers;

    public TemplateChecks() {
    }

    TemplateChecks(InferenceServerRegistry servers) {
        this.servers = servers;
    }

    /** A template sent as a request body. */
    public ExpertTemplate checked(String body) {
        try {
            return withKnownServers(ExpertTemplate.parse(body == null ? "" : body));
        } catch (InvalidTemplateException e) {
            throw TemplateRefusedException.invalid(e);
        }
    }

    /** An item of an import file; fields are named under the item's path ({@code items[2].experts...}). */
    public ExpertTemplate checked(JsonObject item, String path) {
        try {
            return withKnownServers(ExpertTemplate.fromJson(item));
        } catch (InvalidTemplateException e) {
            throw TemplateRefusedException.invalid(e.under(path));
        }
    }

    private ExpertTemplate withKnownServers(ExpertTemplate template) {
        for (ServerMention mention : template.serverMentions()) {
            if (servers.withName(mention.server()).isEmpty()) {
                throw new InvalidTemplateException(mention.field(), "no inference server named '" + mention.server()
                        + "'; the servers are " + servers.all().stream().map(ServerSettings::name).toList()
                        + " (add one at /api/servers first)");
            }
        }
        return template;
    }
}
