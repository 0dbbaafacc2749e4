package io.moe.application.profile;

import io.moe.application.servers.InferenceServerRegistry;
import io.moe.application.servers.ServerSettings;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.InvalidProfileException;
import io.moe.domain.profile.ProfileSchema;
import io.moe.domain.template.TemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

/**
 * Everything a profile must pass before it is stored: the schema ({@link ProfileSchema}), that its tool
 * server exists in the registry of {@code /api/servers}, and that the expert template it names exists.
 * A failure is a 400 naming the field.
 */
@ApplicationScoped
public class ProfileChecks {

    @Inject
    InferenceServerRegistry servers;

    @Inject
    TemplateRepository templates;

    /** A profile sent as a request body. */
    public CcProfile checked(String body) {
        try {
            return known(ProfileSchema.parseBody(body));
        } catch (InvalidProfileException e) {
            throw ProfileRefusedException.invalid(e);
        }
    }

    /** An item of an import file; fields are named under the item's path ({@code items[2].tool_endpoint}). */
    public CcProfile checked(JsonObject item, String path) {
        try {
            return known(ProfileSchema.fromJson(item));
        } catch (InvalidProfileException e) {
            throw ProfileRefusedException.invalid(e.under(path));
        }
    }

    private CcProfile known(CcProfile profile) {
        requireServer(profile.toolEndpoint(), "tool_endpoint");
        profile.reasoningModelRef().ifPresent(m -> requireServer(m.endpoint(), "reasoning_model"));
        if (profile.expertTemplate() != null && templates.withName(profile.expertTemplate()).isEmpty()) {
            throw new InvalidProfileException("expert_template", "no expert template named '" + profile.expertTemplate() + "'");
        }
        return profile;
    }

    /** Refuses {@code field} when it names no inference server of {@code /api/servers}. */
    private void requireServer(String server, String field) {
        if (servers.withName(server).isEmpty()) {
            throw new InvalidProfileException(field, "no inference server named '" + server + "'; the servers are "
                    + servers.all().stream().map(ServerSettings::name).toList() + " (add one at /api/servers first)");
        }
    }
}
