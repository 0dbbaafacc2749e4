package io.moe.application.routing;

import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.InferenceServers;
import io.moe.application.servers.ServerHealth;
import io.moe.application.servers.ServerProbes;
import io.moe.application.spend.ModeNotPermittedException;
import io.moe.application.template.TemplateCatalog;
import io.moe.application.template.UserTemplateCatalog;
import io.moe.application.template.UserTemplates;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceIds;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.mode.Mode;
import io.moe.application.pipeline.merge.Merger;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.ModelRef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides where a chat request goes from its {@code model} field, in the original system's order:
 * <ol>
 *   <li>the name of an active admin template: the pipeline with that template (needs the template's
 *       expert_template grant {@code tmpl-<id>}, else 403 {@code template_not_authorized});</li>
 *   <li>one of the eight mode ids: the pipeline in that mode with the key's template, else the user's
 *       default template, else the default one (needs the mode's moe_mode grant);</li>
 *   <li>one of the caller's own active templates (user_expert_templates): the pipeline with it, while the
 *       caller's model_endpoint grants still allow every model it names (else 403 {@code endpoint_not_authorized});</li>
 *   <li>{@code <model>:<tag>@<server>} or {@code <model>@<server>} on an enabled server: native
 *       pass-through (needs the model_endpoint grant of exactly that id, or {@code *@<server>});</li>
 *   <li>otherwise 404 {@code model_not_found}, listing the ids this caller may use.</li>
 * </ol>
 * Admins may use everything. Nothing here touches a store: templates and servers are in-memory snapshots.
 */
@ApplicationScoped
public class RouteResolver {

    /** The resource id of a template's expert_template grant. */
    public static String templateGrant(ExpertTemplateRecord template) {
        return template.grant();
    }

    @Inject
    TemplateCatalog templates;

    @Inject
    UserTemplateCatalog ownTemplates;

    @Inject
    InferenceServers servers;

    @Inject
    ServerProbes probes;

    public Route resolve(Caller caller, String modelId) {
        Optional<ExpertTemplateRecord> template = templates.active(modelId);
        if (template.isPresent()) {
            if (!caller.mayUse(ResourceType.EXPERT_TEMPLATE, templateGrant(template.get()))) {
                throw new TemplateNotAuthorizedException(modelId, templateGrant(template.get()));
            }
            return new Route.Pipeline(modelId, Mode.DEFAULT, template.get().template());
        }
        Optional<Mode> mode = Mode.fromModelId(modelId);
        if (mode.isPresent()) {
            if (!caller.mayUse(ResourceType.MOE_MODE, mode.get().routing())) {
                throw new ModeNotPermittedException(modelId, mode.get().routing());
            }
            return new Route.Pipeline(modelId, mode.get(), templates.forCaller(caller.apiKeyId(), caller.userId()));
        }
        Optional<ExpertTemplate> own = ownTemplates.active(caller.userId(), modelId);
        if (own.isPresent()) {
            UserTemplates.firstUngranted(caller, own.get()).ifPresent(m -> {
                throw new EndpointNotAuthorizedException(m.model().toString(), m.server());
            });
            return new Route.Pipeline(modelId, Mode.DEFAULT, own.get(), null, caller.userId());
        }
        Optional<ModelRef> ref = ref(modelId);
        Optional<InferenceServer> server = ref.flatMap(r -> servers.byName(r.endpoint()));
        if (server.isPresent()) {
            if (!caller.mayUse(ResourceType.MOE_MODE, ResourceIds.NATIVE)) { // model_endpoint grants alone serve own templates
                throw new ModeNotPermittedException(modelId, ResourceIds.NATIVE);
            }
            if (!mayCallDirectly(caller, ref.get())) {
                throw new EndpointNotAuthorizedException(modelId, server.get().name());
            }
            return new Route.Native(modelId, ref.get(), server.get());
        }
        throw new RouteNotFoundException(modelId, usableIds(caller));
    }

    /**
     * Where a request that carries {@code tools} or {@code tool} messages goes on a pipeline route: straight
     * to the template's tool model (its judge when it names none), as the original's tool-calling
     * pass-through did, so that an agent's tool loop keeps working. The template's grant covers it.
     */
    public Route.Native forToolCalls(Route.Pipeline route) {
        ExpertTemplate template = route.template();
        ModelRef model = template.toolModel() != null ? template.toolModel() : Merger.judgeModel(template);
        InferenceServer server = servers.byName(model.endpoint())
                .orElseThrow(() -> new ToolModelUnavailableException(template.name(), model.toString()));
        return new Route.Native(route.modelId(), model, server, template.costFactor()); // the template's surcharge applies too
    }

    /**
     * What {@code caller} may name as {@code model}: its modes, its templates, its own active templates, and, with the
     * {@code moe_mode} grant {@code native}, the {@code model@server} ids of its model_endpoint grants, a {@code *@server}
     * grant expanded to the models the server listed.
     */
    public List<String> usableIds(Caller caller) {
        Set<String> ids = new LinkedHashSet<>();
        for (Mode mode : Mode.values()) {
            if (caller.mayUse(ResourceType.MOE_MODE, mode.routing())) {
                ids.add(mode.modelId());
            }
        }
        Set<String> adminNames = new java.util.HashSet<>();
        for (ExpertTemplateRecord template : templates.allActive()) {
            adminNames.add(template.name());
            if (caller.mayUse(ResourceType.EXPERT_TEMPLATE, templateGrant(template))) {
                ids.add(template.name());
            }
        }
        // an own template an admin template of the same name came to hide is not offered: the name runs the admin's
        ownTemplates.activeNames(caller.userId()).stream().filter(name -> !adminNames.contains(name)).forEach(ids::add);
        if (caller.mayUse(ResourceType.MOE_MODE, ResourceIds.NATIVE)) {
            ids.addAll(directModelIds(caller));
        }
        return new ArrayList<>(ids);
    }

    /**
     * The {@code model@server} ids {@code caller} may call directly (and name in own templates and profiles): its
     * model_endpoint grants, a {@code *@server} grant expanded to the models the server listed.
     */
    public List<String> directModelIds(Caller caller) {
        Set<String> ids = new LinkedHashSet<>();
        for (InferenceServer server : servers.all().values()) {
            for (String model : listedModels(server)) {
                ModelRef ref = new ModelRef(model, server.name());
                if (mayCallDirectly(caller, ref)) {
                    ids.add(ref.toString());
                }
            }
        }
        if (!caller.admin()) {
            for (String granted : caller.granted(ResourceType.MODEL_ENDPOINT)) {
                ref(granted).filter(r -> servers.byName(r.endpoint()).isPresent()).ifPresent(r -> ids.add(r.toString())); // not *@server: ref has none
            }
        }
        return new ArrayList<>(ids);
    }

    private List<String> listedModels(InferenceServer server) {
        return probes.health(server.name()).map(ServerHealth::models).orElse(List.of());
    }

    private static boolean mayCallDirectly(Caller caller, ModelRef ref) {
        return UserTemplates.mayCallDirectly(caller, ref.toString(), ref.endpoint());
    }

    /** The model reference {@code modelId} names; none for a wildcard ({@code *@server} is a grant, not a model). */
    private static Optional<ModelRef> ref(String modelId) {
        try {
            return Optional.of(ModelRef.parse(modelId)).filter(r -> !r.model().equals("*"));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
