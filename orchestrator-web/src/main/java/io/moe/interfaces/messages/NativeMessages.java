package io.moe.interfaces.messages;

import io.moe.application.routing.NativeChat;
import io.moe.application.routing.PassThrough;
import io.moe.application.routing.Route;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.interfaces.openai.ApiError;
import io.moe.interfaces.openai.NativeCompletions;
import io.moe.interfaces.openai.OpenAiErrors;
import io.moe.interfaces.openai.PromptEstimate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A message answered by the profile's tool model on its server (profile mode {@code native}, and every tool
 * turn of the pipeline modes), through {@link NativeChat}: a place among the caller's requests, a budget
 * reservation weighted by the server's cost factor, one of the server's slots, and a usage row, a metrics
 * update and a response record with its trace afterwards. The OpenAI answer is translated back, streamed
 * event by event or whole.
 */
@ApplicationScoped
public class NativeMessages {

    @Inject
    NativeChat natives;

    @Inject
    @ConfigProperty(name = "moe.stream.keepalive-seconds", defaultValue = "10")
    int keepAliveSeconds;

    public Response answer(Caller caller, String id, Route.Native route, MessagesRequest request, JsonObject upstream, JsonObject trace) {
        long promptEstimate = PromptEstimate.tokens(upstream.get("messages"));
        // what the server may write: the client's max_tokens, as the profile's tool_max_tokens capped it for a tool turn
        NativeChat.Exchange exchange = natives.open(caller, id, route,
                new TokenUsage(promptEstimate, upstream.getInt("max_tokens", request.maxTokens())));
        String question = lastUserText(request.json());
        try {
            if (request.stream()) {
                return streamed(exchange, route, id, request.model(), upstream.toString(), promptEstimate, question, trace,
                        Duration.ofSeconds(keepAliveSeconds));
            }
            PassThrough.Reply reply = exchange.complete(upstream.toString());
            if (reply.status() / 100 != 2) {
                exchange.finish(TokenUsage.NONE, false);
                throw refused(route, reply.status(), reply.body());
            }
            JsonObject message = OpenAiToMessages.message(parse(reply.body(), route), id, request.model(), promptEstimate);
            JsonObject usage = message.getJsonObject("usage");
            exchange.describe(question, textOf(message), trace);
            exchange.finish(new TokenUsage(usage.getJsonNumber("input_tokens").longValue(), usage.getJsonNumber("output_tokens").longValue()), true);
            return Response.ok(message.toString(), MediaType.APPLICATION_JSON_TYPE).build();
        } catch (RuntimeException e) {
            exchange.failed(e);
            throw e;
        }
    }

    /**
     * The server's stream translated event by event; while it sends nothing (a long prompt being read), a
     * {@code ping} every {@code keepAlive}, so proxies and clients see the connection alive.
     */
    private static Response streamed(NativeChat.Exchange exchange, Route.Native route, String id, String model, String body,
                                     long promptEstimate, String question, JsonObject trace, Duration keepAlive) {
        PassThrough.StreamReply reply = exchange.stream(body);
        if (reply.status() / 100 != 2) {
            String error;
            try {
                error = reply.errorBody();
            } finally {
                reply.close();
            }
            exchange.finish(TokenUsage.NONE, false);
            throw refused(route, reply.status(), error);
        }
        StreamingOutput output = stream -> {
            Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            MessageEvents events = new MessageEvents(out, id);
            OpenAiStreamTranslator translator = new OpenAiStreamTranslator(events, id);
            Runnable ping = () -> {
                try {
                    events.ping();
                } catch (IOException clientGone) {
                    throw new UncheckedIOException(clientGone);
                }
            };
            try (reply) {
                events.start(model, promptEstimate);
                events.ping();
                String line;
                while ((line = reply.nextLine(keepAlive, ping)) != null) {
                    if (line.startsWith("data:")) {
                        translator.chunk(line.substring(5).strip());
                    }
                }
                TokenUsage used = translator.usage(promptEstimate);
                if (translator.complete()) {
                    events.finish(translator.stopReason(), translator.stopSequence(), used.promptTokens(), used.completionTokens());
                } else {
                    events.error(MessagesErrors.body(new ApiError(Kind.UPSTREAM_FAILED, "stream_incomplete", "the stream of inference server '"
                            + route.server().name() + "' " + (translator.failure() == null ? "ended before it was complete"
                            : "reported an error before the answer was complete: " + clipped(translator.failure())))));
                }
                exchange.describe(question, "", trace);
                exchange.said(question, translator.text().text(), translator.text().length());
                exchange.finish(used, translator.complete());
            } catch (UncheckedIOException clientGone) {
                throw clientGone.getCause(); // the reply is closed, the exchange finished below
            } catch (RuntimeException e) {
                events.error(MessagesErrors.body(OpenAiErrors.classify(e)));
                exchange.finish(translator.usage(promptEstimate), false);
            } finally {
                exchange.finish(translator.usage(promptEstimate), false);
            }
        };
        return Response.ok(output, MediaType.SERVER_SENT_EVENTS_TYPE).header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no").build();
    }

    private static ApiError refused(Route.Native route, int status, String body) {
        String detail = upstreamMessage(body);
        if (status == 429) {
            return new ApiError(Kind.TOO_MANY, "upstream_rate_limited", "inference server '" + route.server().name()
                    + "' is rate limiting; GET /v1/provider-status shows when it resets" + detail, 5);
        }
        if (status == 503 || status == 529) {
            return new ApiError(Kind.UNAVAILABLE, "upstream_overloaded", "inference server '" + route.server().name()
                    + "' is overloaded; retry shortly", 5);
        }
        if (status / 100 == 4 && status != 401 && status != 403) {
            return new ApiError(Kind.INVALID, "upstream_refused", "inference server '" + route.server().name()
                    + "' refused the request (status " + status + ")" + detail);
        }
        return new ApiError(Kind.UPSTREAM_FAILED, "upstream_error", "inference server '" + route.server().name()
                + "' answered with status " + status + "; see its log or /api/servers");
    }

    private static String clipped(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    private static String upstreamMessage(String body) {
        try {
            if (body != null && Jsonp.readValue(body) instanceof JsonObject o
                    && o.get("error") instanceof JsonObject e && e.get("message") instanceof JsonString m) {
                return ": " + clipped(m.getString());
            }
        } catch (JsonException | IllegalStateException notJson) {
            // no message to quote
        }
        return "";
    }

    private static JsonObject parse(String body, Route.Native route) {
        try {
            return Jsonp.readObject(body);
        } catch (JsonException | IllegalStateException e) {
            throw new ApiError(Kind.UPSTREAM_FAILED, "upstream_error", "inference server '" + route.server().name()
                    + "' answered with a body that is not a chat completion");
        }
    }

    static String textOf(JsonObject message) {
        StringBuilder text = new StringBuilder();
        for (JsonValue v : message.getJsonArray("content")) {
            if (v instanceof JsonObject b && b.get("text") instanceof JsonString t) {
                text.append(t.getString());
            }
        }
        return text.toString();
    }

    /** The text of the last user turn of a messages request ("" when it has none). */
    static String lastUserText(JsonObject request) {
        return request.get("messages") instanceof JsonArray messages ? NativeCompletions.lastUserText(messages) : "";
    }
}
