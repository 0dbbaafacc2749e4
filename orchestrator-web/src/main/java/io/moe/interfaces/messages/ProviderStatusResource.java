package io.moe.interfaces.messages;

import io.moe.application.profile.ProfileRefusedException;
import io.moe.application.profile.ProfileResolver;
import io.moe.application.servers.InferenceServers;
import io.moe.application.servers.ProviderStatus;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.template.ModelRef;
import io.moe.interfaces.openai.ApiKeyFilter;
import io.moe.interfaces.openai.KeyRequired;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import java.util.Set;
import java.util.TreeSet;

/**
 * GET /v1/provider-status: the rate-limit state of the servers this key reaches (the tool servers of the coding-client
 * profiles it may use and the servers of its model_endpoint grants; admins: all servers) and whether the service throttles the
 * key now. The shape is documented in the README ("Coding clients").
 */
@Path("/v1/provider-status")
@KeyRequired
public class ProviderStatusResource {

    @Inject
    ProviderStatus status;

    @Inject
    ProfileResolver profiles;

    @Inject
    InferenceServers servers;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public String get(@Context HttpServletRequest http) {
        Caller caller = (Caller) http.getAttribute(ApiKeyFilter.CALLER);
        return status.of(caller, reachable(caller)).toString();
    }

    private Set<String> reachable(Caller caller) {
        Set<String> names = new TreeSet<>();
        if (caller.admin()) {
            names.addAll(servers.all().keySet());
            return names;
        }
        try {
            profiles.usable(caller).forEach(p -> names.add(p.profile().toolEndpoint()));
        } catch (ProfileRefusedException noProfile) {
            // a key without a profile sees the servers of its grants only
        }
        for (String granted : caller.granted(ResourceType.MODEL_ENDPOINT)) {
            int at = granted.lastIndexOf('@');
            if (at > 0) {
                names.add(granted.substring(at + 1));
            }
        }
        names.removeIf(name -> servers.byName(name).isEmpty());
        return names;
    }
}
