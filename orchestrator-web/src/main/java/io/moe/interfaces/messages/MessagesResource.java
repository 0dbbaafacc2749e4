package io.moe.interfaces.messages;

import io.moe.application.limits.RequestLimits;
import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.pipeline.run.Progress;
import io.moe.application.profile.ProfileResolver;
import io.moe.application.profile.ResolvedProfile;
import io.moe.application.routing.Route;
import io.moe.application.routing.ToolModelUnavailableException;
import io.moe.application.servers.InferenceServers;
import io.moe.application.spend.MeteredChat;
import io.moe.application.template.TemplateCatalog;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.identity.Caller;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.ProfileMode;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.interfaces.openai.ApiKeyFilter;
import io.moe.interfaces.openai.AsyncAnswer;
import io.moe.interfaces.openai.ChatCompletionRequest;
import io.moe.interfaces.openai.ClientDisconnect;
import io.moe.interfaces.openai.KeyRequired;
import io.moe.interfaces.openai.ProgressQueue;
import io.moe.interfaces.openai.PromptEstimate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * POST /v1/messages (also with {@code ?beta=true}) and POST /v1/messages/count_tokens, the API coding clients speak.
 * The caller's coding-client profile ({@link ProfileResolver}) decides: its {@code accepted_models} which model ids
 * are accepted, its mode where the message goes — {@code native} and every tool turn straight to the profile's tool
 * model ({@link NativeMessages}), the other modes through the pipeline with the profile's expert template, metered
 * by {@link MeteredChat}. The answer id {@code msg_…} is the response id of feedback and trace.
 */
@Path("/v1/messages")
@KeyRequired
@ApplicationScoped
public class MessagesResource {

    @Inject
    ProfileResolver profiles;

    @Inject
    InferenceServers servers;

    @Inject
    TemplateCatalog templates;

    @Inject
    MeteredChat chat;

    @Inject
    NativeMessages natives;

    @Inject
    RequestLimits limits;

    @Inject
    @ConfigProperty(name = "moe.stream.keepalive-seconds", defaultValue = "10")
    int keepAliveSeconds;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces({MediaType.APPLICATION_JSON, MediaType.SERVER_SENT_EVENTS})
    public void create(String body, @Context HttpServletRequest http, @Suspended AsyncResponse async) {
        Caller caller = (Caller) http.getAttribute(ApiKeyFilter.CALLER);
        MessagesRequest request = MessagesRequest.of(ChatCompletionRequest.object(body), limits);
        ResolvedProfile record = profiles.resolve(caller, request.model());
        CcProfile profile = record.profile();
        String id = "msg_" + UUID.randomUUID().toString().replace("-", "");
        JsonObject trace = Jsonp.createObjectBuilder().add("profile", record.name()).add("moe_mode", profile.mode().wireName())
                .add("requested_model", request.model()).build();
        if (profile.mode() == ProfileMode.NATIVE || request.toolTurn()) {
            Route.Native route = toolRoute(record, request.model());
            JsonObject upstream = MessagesToOpenAi.translate(request, new MessagesToOpenAi.Settings(profile.toolModel(),
                    profile.systemPromptPrefix(), profile.toolChoice(), profile.toolMaxTokens(), true), limits);
            async.resume(natives.answer(caller, id, route, request, upstream,
                    Jsonp.createObjectBuilder(trace).add("tool_turn", request.toolTurn()).build()));
            return;
        }
        answerOnPipeline(caller, id, request, record, async);
    }

    @POST
    @Path("count_tokens")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public String countTokens(String body, @Context HttpServletRequest http) {
        Caller caller = (Caller) http.getAttribute(ApiKeyFilter.CALLER);
        JsonObject json = ChatCompletionRequest.object(body);
        // counted, not answered: no max_tokens is sent, and the thinking setting (its budget is checked against max_tokens) counts nothing
        MessagesRequest request = MessagesRequest.of(Jsonp.createObjectBuilder(json).add("max_tokens", 1).add("stream", false)
                .remove("thinking").build(), limits);
        CcProfile profile = profiles.resolve(caller, request.model()).profile();
        JsonObject upstream = MessagesToOpenAi.translate(request, new MessagesToOpenAi.Settings(profile.toolModel(),
                profile.systemPromptPrefix(), profile.toolChoice(), profile.toolMaxTokens(), true), limits);
        long tokens = PromptEstimate.tokens(upstream.get("messages")) + (upstream.containsKey("tools") ? PromptEstimate.tokens(upstream.get("tools")) : 0);
        return Jsonp.createObjectBuilder().add("input_tokens", Math.max(1, tokens)).build().toString();
    }

    private void answerOnPipeline(Caller caller, String id, MessagesRequest request, ResolvedProfile record, AsyncResponse async) {
        CcProfile profile = record.profile();
        int maxTokens = profile.mode() == ProfileMode.MOE_REASONING ? Math.min(request.maxTokens(), profile.reasoningMaxTokens())
                : request.maxTokens();
        JsonObject openAi = Jsonp.createObjectBuilder(MessagesToOpenAi.translate(request, new MessagesToOpenAi.Settings(request.model(),
                profile.systemPromptPrefix(), profile.toolChoice(), profile.toolMaxTokens(), false), limits))
                .add("max_tokens", maxTokens).add("stream", false).remove("stream_options").build();
        Route.Pipeline route = new Route.Pipeline(request.model(), profile.mode().pipelineMode(), template(profile), record.name());
        // the system prompt the translation added is no message of the client's: it does not count against their 256
        int system = openAi.getJsonArray("messages").stream()
                .anyMatch(m -> m instanceof JsonObject o && "system".equals(o.getString("role", ""))) ? 1 : 0;
        ChatCompletionRequest parsed = ChatCompletionRequest.parse(limits, openAi, route.mode(), system);
        long promptEstimate = PromptEstimate.tokens(openAi.get("messages"));
        boolean showReasoning = profile.mode().showsReasoning() || request.thinking();
        long created = Instant.now().getEpochSecond();
        Cancellation cancellation = ClientDisconnect.cancellation(async);
        if (request.stream()) {
            ProgressQueue progress = new ProgressQueue(!showReasoning); // the reasoning block comes before the text
            CompletableFuture<ChatAnswer> answer = chat.answer(caller, id, created, route, parsed.chat(), progress, cancellation)
                    .toCompletableFuture();
            if (AsyncAnswer.refusedAtOnce(answer, async)) {
                return;
            }
            async.resume(Response.ok(new PipelineMessageStream(id, request.model(), promptEstimate, profile.streamThink(),
                            showReasoning, answer, cancellation, progress, Duration.ofSeconds(keepAliveSeconds)), MediaType.SERVER_SENT_EVENTS_TYPE)
                    .header("Cache-Control", "no-cache").header("X-Accel-Buffering", "no").build());
            return;
        }
        chat.answer(caller, id, created, route, parsed.chat(), Progress.NONE, cancellation).whenComplete(AsyncAnswer.resume(async, done -> {
            JsonArrayBuilder content = Jsonp.createArrayBuilder();
            if (showReasoning && !done.reasoning().isEmpty()) {
                content.add(OpenAiToMessages.thinkingBlock(id, done.reasoning()));
            }
            content.add(Jsonp.createObjectBuilder().add("type", "text").add("text", done.content()));
            return Response.ok(OpenAiToMessages.message(id, request.model(), content, OpenAiToMessages.stopReason(done), null,
                    done.usage().promptTokens(), done.usage().completionTokens()).toString(), MediaType.APPLICATION_JSON_TYPE).build();
        }));
    }

    private Route.Native toolRoute(ResolvedProfile record, String modelId) {
        CcProfile profile = record.profile();
        return servers.byName(profile.toolEndpoint()).map(server -> new Route.Native(modelId, profile.toolModelRef(), server))
                .orElseThrow(() -> ToolModelUnavailableException.ofProfile(record.name(), profile.toolModelRef().toString(), profile.toolEndpoint()));
    }

    /** The profile's expert template (else the default one), thinking with the profile's reasoning model when it names one. */
    private ExpertTemplate template(CcProfile profile) {
        ExpertTemplate template = profile.expertTemplate() == null ? templates.defaultTemplate()
                : templates.active(profile.expertTemplate()).map(ExpertTemplateRecord::template).orElseGet(templates::defaultTemplate);
        return profile.reasoningModelRef().map(template::withReasoningModel).orElse(template);
    }
}
