package io.moe.interfaces.openai;

import io.moe.application.routing.Route;
import io.moe.application.routing.RouteResolver;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.identity.Caller;
import io.moe.infrastructure.web.JsonBodyGuard;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Resolves the route a chat completion's {@code model} names, after authentication and the body's bounds and before
 * the resource runs. A native route is answered here, on the request's own thread: its call to the server is
 * synchronous, and suspending the request for it (as the pipeline's long answers need) cost a JNDI lookup and a
 * hand-off per call. Any other route goes on to {@link ChatCompletionsResource} with the parsed body ({@link #BODY})
 * and the route ({@link #ROUTE}); a request carrying tool calls on a template's route goes to its tool model.
 */
@Provider
@Routed
@Priority(Priorities.USER)
public class ChatRouting implements ContainerRequestFilter {

    /** The request's body as a JSON object. */
    static final String BODY = "moe.chat.body";
    /** The pipeline route the request takes. */
    static final String ROUTE = "moe.chat.route";

    @Inject
    RouteResolver routes;

    @Inject
    NativeCompletions natives;

    @Override
    public void filter(ContainerRequestContext request) {
        JsonObject json = ChatCompletionRequest.object(body(request));
        Caller caller = (Caller) request.getProperty(ApiKeyFilter.CALLER);
        Route route = routes.resolve(caller, ChatCompletionRequest.modelId(json));
        if (route instanceof Route.Pipeline onPipeline && ChatCompletionRequest.carriesToolCalls(json)) {
            route = routes.forToolCalls(onPipeline);
        }
        if (route instanceof Route.Native direct) {
            request.abortWith(natives.forward(caller, ChatAnswer.newResponseId(), direct, json));
            return;
        }
        request.setProperty(BODY, json);
        request.setProperty(ROUTE, route);
    }

    /**
     * The body as {@link RequestBodyLimit} decoded and checked it: that filter runs before this one (its priority is
     * lower) on every request of this port and leaves the text of every body it lets through; "" when there is none.
     */
    private static String body(ContainerRequestContext request) {
        return request.getProperty(JsonBodyGuard.TEXT) instanceof String checked ? checked : "";
    }
}
