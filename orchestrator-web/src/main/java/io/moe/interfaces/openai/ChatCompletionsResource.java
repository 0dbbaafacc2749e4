package io.moe.interfaces.openai;

import io.moe.application.limits.RequestLimits;
import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.pipeline.run.Progress;
import io.moe.application.pipeline.intake.InternalRequests;
import io.moe.application.routing.Route;
import io.moe.application.spend.MeteredChat;
import jakarta.json.JsonObject;
import io.moe.domain.identity.Caller;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import io.moe.domain.chat.ChatAnswer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * POST /v1/chat/completions: {@link ChatRouting} resolves the route its {@code model} names and answers a native
 * route itself (straight to its server, {@link NativeCompletions}); every other request comes here, is validated, runs
 * through the pipeline, and is answered with one JSON completion or, when {@code stream} is true, with server-sent
 * events.
 */
@Path("/v1/chat/completions")
@KeyRequired
@Routed
@ApplicationScoped
public class ChatCompletionsResource {

    @Inject
    MeteredChat chat;

    @Inject
    RequestLimits limits;

    @Inject
    @ConfigProperty(name = "moe.stream.keepalive-seconds", defaultValue = "10")
    int keepAliveSeconds;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces({MediaType.APPLICATION_JSON, MediaType.SERVER_SENT_EVENTS})
    @RequestBody(required = true, description = "An OpenAI chat completion request: 'model' (a mode id, a template name or "
            + "<model>@<server>; GET /v1/models lists the ids the key may use), 'messages', and optionally 'stream', "
            + "'stream_options', 'max_tokens', 'tools' and sampling parameters",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = SchemaType.OBJECT, requiredProperties = {"model", "messages"})))
    public void create(@Context HttpServletRequest http, @Suspended AsyncResponse async) {
        JsonObject json = (JsonObject) http.getAttribute(ChatRouting.BODY);
        Route.Pipeline pipeline = (Route.Pipeline) http.getAttribute(ChatRouting.ROUTE);
        Caller caller = (Caller) http.getAttribute(ApiKeyFilter.CALLER);
        String id = ChatAnswer.newResponseId();
        SamplingFields.check(json);
        ChatCompletionRequest request = ChatCompletionRequest.parse(limits, json, pipeline.mode());
        if (!InternalRequests.isFrontEndTask(request.chat())) {
            SamplingFields.structuredOutput(json);
        }
        long created = Instant.now().getEpochSecond();
        String model = pipeline.modelId();
        Cancellation cancellation = ClientDisconnect.cancellation(async);
        if (request.stream()) {
            ProgressQueue progress = new ProgressQueue(true);
            CompletableFuture<ChatAnswer> answer = chat.answer(caller, id, created, pipeline, request.chat(), progress, cancellation)
                    .toCompletableFuture();
            if (AsyncAnswer.refusedAtOnce(answer, async)) {
                return; // known before a byte went out (the pipeline's pool full): its status, not a stream with an error event
            }
            async.resume(Response.ok(new CompletionStream(new CompletionStream.Head(id, created, model),
                            request.includeUsage(), request.reasoningContent(), answer, cancellation, progress,
                            Duration.ofSeconds(keepAliveSeconds)), MediaType.SERVER_SENT_EVENTS_TYPE)
                    .header("Cache-Control", "no-cache")
                    .header("X-Accel-Buffering", "no")
                    .build());
            return;
        }
        CompletableFuture<ChatAnswer> answer = chat.answer(caller, id, created, pipeline, request.chat(), Progress.NONE, cancellation)
                .toCompletableFuture();
        answer.whenComplete(AsyncAnswer.resume(async, done -> Response.ok(CompletionJson.completion(done, model).toString(),
                MediaType.APPLICATION_JSON_TYPE).build())); // a failure is answered by OpenAiExceptionMapper
    }
}
