package io.moe.interfaces.openai;

import io.moe.application.limits.RequestLimits;
import io.moe.application.routing.NativeChat;
import io.moe.application.routing.PassThrough;
import io.moe.application.routing.Route;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The wire side of native pass-through: the client's body goes to the server unchanged except for
 * {@code model} (the server's own name for it) and, on a stream, {@code stream_options.include_usage}
 * (so the tokens can be counted; the usage chunk is passed on only when the client asked for it).
 * Tool calls, {@code tool} messages and sampling parameters pass as they are; {@code max_tokens} (or
 * {@code max_completion_tokens}), which is reserved against the budget, is checked first as on the pipeline (400 naming
 * the field outside 1 to {@code moe.limits.max-output-tokens}). The server's answer goes
 * back as it came; a 4xx of the server is passed on with its body, anything else is a 502. A stream that
 * ends without {@code [DONE]} ends with an error event, never as a finished answer.
 */
@ApplicationScoped
public class NativeCompletions {

    private static final int FALLBACK_MAX_TOKENS = 1024;
    private static final int CHARS_PER_TOKEN = 4;

    @Inject
    NativeChat natives;

    @Inject
    RequestLimits limits;

    @Inject
    @ConfigProperty(name = "moe.stream.keepalive-seconds", defaultValue = "10")
    int keepAliveSeconds;

    public Response forward(Caller caller, String id, Route.Native route, JsonObject json) {
        if (!(json.get("messages") instanceof JsonArray messages) || messages.isEmpty()) {
            throw ApiError.invalidRequest("missing_messages", "'messages' is required: a non-empty array of {role, content}");
        }
        int maxTokens = ChatCompletionRequest.largestMaxTokens(json, limits); // the body goes on as it is: reserve what it allows
        boolean stream = json.get("stream") == JsonValue.TRUE;
        boolean clientUsage = json.get("stream_options") instanceof JsonObject o && o.get("include_usage") == JsonValue.TRUE;
        JsonObjectBuilder upstream = Jsonp.createObjectBuilder(json).add("model", route.model().model());
        if (stream) {
            JsonObject options = json.get("stream_options") instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
            upstream.add("stream_options", Jsonp.createObjectBuilder(options).add("include_usage", true));
        }
        String body = upstream.build().toString();
        NativeChat.Exchange exchange = natives.open(caller, id, route, reservation(messages, maxTokens));
        try {
            return stream ? streamed(exchange, route, body, clientUsage, messages, Duration.ofSeconds(keepAliveSeconds))
                    : whole(exchange, route, body, messages);
        } catch (RuntimeException e) {
            exchange.failed(e);
            throw e;
        }
    }

    private static Response whole(NativeChat.Exchange exchange, Route.Native route, String body, JsonArray messages) {
        PassThrough.Reply reply = exchange.complete(body);
        if (reply.status() / 100 != 2) {
            exchange.finish(TokenUsage.NONE, false);
            return refused(route, reply.status(), reply.body());
        }
        Reading read = read(reply.body(), messages);
        exchange.said(lastUserText(messages), read.answer().text(), read.answer().length());
        exchange.finish(read.usage(), true);
        return Response.ok(reply.body(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static Response streamed(NativeChat.Exchange exchange, Route.Native route, String body, boolean clientUsage,
                                     JsonArray messages, Duration keepAlive) {
        PassThrough.StreamReply reply = exchange.stream(body);
        if (reply.status() / 100 != 2) {
            String error;
            try {
                error = reply.errorBody();
            } finally {
                reply.close();
            }
            exchange.finish(TokenUsage.NONE, false);
            return refused(route, reply.status(), error);
        }
        StreamingOutput output = out -> pipe(reply, out, clientUsage, exchange, route, messages, keepAlive);
        return Response.ok(output, MediaType.SERVER_SENT_EVENTS_TYPE)
                .header("Cache-Control", "no-cache").header("X-Accel-Buffering", "no").build();
    }

    /**
     * Copies the event stream, counting usage, with an SSE comment every {@code keepAlive} while the server sends
     * nothing (a long prompt being read); the exchange is finished whatever happens. Each event goes out whole, at the
     * blank line that ends it: a stream that breaks off inside one drops that part, so the error event that follows is
     * never read by the client as the rest of it.
     */
    private static void pipe(PassThrough.StreamReply reply, OutputStream out, boolean clientUsage, NativeChat.Exchange exchange,
                             Route.Native route, JsonArray messages, Duration keepAlive) throws IOException {
        StreamTally tally = new StreamTally(messages);
        boolean done = false;
        try (reply) {
            done = copy(reply, out, clientUsage, tally, keepAlive);
            if (!done) {
                out.write(("data: " + Jsonp.createObjectBuilder().add("error", Jsonp.createObjectBuilder()
                        .add("message", "the stream of inference server '" + route.server().name() + "' ended before it was complete")
                        .add("type", "upstream_error").add("code", "stream_incomplete")).build() + "\n\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            out.flush();
        } catch (UncheckedIOException clientGone) {
            throw clientGone.getCause();
        } finally {
            exchange.said(lastUserText(messages), tally.answer.text(), tally.answer.length());
            exchange.finish(tally.usage(), done);
        }
    }

    /**
     * Copies the server's events to {@code out}, each whole at the blank line that ends it (a part of one the stream broke
     * off inside is dropped), counting them in {@code tally}; true when the stream ended with {@code [DONE]}.
     */
    static boolean copy(PassThrough.StreamReply reply, OutputStream out, boolean clientUsage, StreamTally tally, Duration keepAlive)
            throws IOException {
        KeepAlive comments = new KeepAlive(out);
        StringBuilder event = new StringBuilder();
        boolean done = false;
        String line;
        while ((line = reply.nextLine(keepAlive, comments)) != null) {
            if (line.startsWith("data:")) {
                String data = line.substring(5).strip();
                if (data.equals("[DONE]")) {
                    done = true;
                } else if (tally.read(data) && !clientUsage) {
                    continue; // the usage chunk the client did not ask for
                }
            }
            event.append(line).append('\n');
            comments.betweenEvents = line.isEmpty();
            if (line.isEmpty()) {
                out.write(event.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
                event.setLength(0);
            }
        }
        if (done && event.length() > 0) {
            out.write((event + "\n").getBytes(StandardCharsets.UTF_8)); // a [DONE] the server did not end with a blank line
        }
        return done;
    }

    /** An SSE comment while the server is quiet, written only between two events, never inside one. */
    private static final class KeepAlive implements Runnable {
        private static final byte[] COMMENT = ": keep-alive\n\n".getBytes(StandardCharsets.UTF_8);
        private final OutputStream out;
        private boolean betweenEvents = true;

        KeepAlive(OutputStream out) {
            this.out = out;
        }

        @Override
        public void run() {
            if (!betweenEvents) {
                return;
            }
            try {
                out.write(COMMENT);
                out.flush();
            } catch (IOException clientGone) {
                throw new UncheckedIOException(clientGone);
            }
        }
    }

    private static Response refused(Route.Native route, int status, String body) {
        if (status / 100 == 4 && status != 401 && status != 403 && looksLikeJson(body)) {
            return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
        }
        throw new ApiError(Kind.UPSTREAM_FAILED, "upstream_error", "inference server '" + route.server().name()
                + "' answered with status " + status + "; see its log or /api/servers");
    }

    private static boolean looksLikeJson(String body) {
        return body != null && body.stripLeading().startsWith("{");
    }

    /**
     * The tokens reserved for a request: its prompt's estimate and its checked {@code max_tokens} (0: not given, then
     * {@value #FALLBACK_MAX_TOKENS}); what a call that got no answer in time is billed.
     */
    static TokenUsage reservation(JsonArray messages, int maxTokens) {
        return new TokenUsage(PromptEstimate.tokens(messages), maxTokens > 0 ? maxTokens : FALLBACK_MAX_TOKENS);
    }

    /** What a whole reply says: its usage and the beginning of its answer. */
    record Reading(TokenUsage usage, AnswerBeginning answer) {
    }

    /**
     * The usage the server reported, else an estimate from the characters, and the first choice's answer. The reply is
     * read as a stream of events and only its top-level {@code usage} and {@code choices} are built: the answer itself is
     * passed on as the server sent it.
     */
    static Reading read(String body, JsonArray messages) {
        TokenUsage usage = null;
        AnswerBeginning answer = new AnswerBeginning();
        try (JsonParser reply = Jsonp.createParser(new StringReader(body))) {
            if (reply.hasNext() && reply.next() == JsonParser.Event.START_OBJECT) {
                while (reply.hasNext() && reply.next() == JsonParser.Event.KEY_NAME) {
                    String key = reply.getString();
                    JsonParser.Event value = reply.next();
                    if (value == JsonParser.Event.START_OBJECT && key.equals("usage")) {
                        JsonObject u = reply.getObject();
                        usage = new TokenUsage(u.getJsonNumber("prompt_tokens").longValue(), u.getJsonNumber("completion_tokens").longValue());
                    } else if (value == JsonParser.Event.START_ARRAY && key.equals("choices")) {
                        JsonArray choices = reply.getArray();
                        if (!choices.isEmpty() && choices.get(0) instanceof JsonObject choice
                                && choice.get("message") instanceof JsonObject message && message.get("content") instanceof JsonString text) {
                            answer.add(text.getString());
                        }
                    } else if (value == JsonParser.Event.START_OBJECT) {
                        reply.skipObject();
                    } else if (value == JsonParser.Event.START_ARRAY) {
                        reply.skipArray();
                    }
                }
            }
        } catch (JsonException | ClassCastException | NullPointerException | IllegalStateException | java.util.NoSuchElementException e) {
            // estimated below
        }
        return new Reading(usage != null ? usage : new TokenUsage(PromptEstimate.tokens(messages),
                body.length() / CHARS_PER_TOKEN), answer);
    }

    /**
     * The text of the last user message of a chat-completions or messages request: its content, or its text parts
     * (blocks) joined; "" when it has none. For the audit event and the response record.
     */
    public static String lastUserText(JsonArray messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof JsonObject m && "user".equals(m.getString("role", ""))) {
                if (m.get("content") instanceof JsonString text) {
                    return text.getString();
                }
                StringBuilder out = new StringBuilder();
                if (m.get("content") instanceof JsonArray parts) {
                    for (JsonValue part : parts) {
                        if (part instanceof JsonObject p && p.get("text") instanceof JsonString t) {
                            out.append(t.getString());
                        }
                    }
                }
                return out.toString();
            }
        }
        return "";
    }

    /** Tokens of a stream: the server's usage chunk, else an estimate of the prompt and a count of the characters it sent. */
    static final class StreamTally {
        private final JsonArray messages;
        private TokenUsage reported;
        private long chars;
        private final AnswerBeginning answer = new AnswerBeginning();

        StreamTally(JsonArray messages) {
            this.messages = messages;
        }

        /** Reads one chunk; true when it is a usage-only chunk. */
        boolean read(String data) {
            try {
                JsonObject chunk = Jsonp.readObject(data);
                if (chunk.get("choices") instanceof JsonArray choices) {
                    for (JsonValue c : choices) {
                        if (c instanceof JsonObject choice && choice.get("delta") instanceof JsonObject delta) {
                            chars += written(delta);
                            if (delta.get("content") instanceof JsonString text && choice.getInt("index", 0) == 0) {
                                answer.add(text.getString());
                            }
                        }
                    }
                }
                if (chunk.get("usage") instanceof JsonObject u) {
                    reported = new TokenUsage(u.getJsonNumber("prompt_tokens").longValue(), u.getJsonNumber("completion_tokens").longValue());
                    return !(chunk.get("choices") instanceof JsonArray a) || a.isEmpty();
                }
            } catch (JsonException | ClassCastException | NullPointerException malformed) {
                // passed on as it came; the client sees what the server sent
            }
            return false;
        }

        TokenUsage usage() {
            return reported != null ? reported : new TokenUsage(PromptEstimate.tokens(messages), chars / CHARS_PER_TOKEN);
        }

        /** The characters a delta adds that the server wrote: its text, its reasoning and its tool calls' arguments. */
        private static long written(JsonObject delta) {
            long n = 0;
            for (String field : new String[] {"content", "reasoning_content", "reasoning"}) {
                if (delta.get(field) instanceof JsonString text) {
                    n += text.getString().length();
                }
            }
            if (delta.get("tool_calls") instanceof JsonArray calls) {
                for (JsonValue call : calls) {
                    if (call instanceof JsonObject c && c.get("function") instanceof JsonObject f && f.get("arguments") instanceof JsonString args) {
                        n += args.getString().length();
                    }
                }
            }
            return n;
        }
    }
}
