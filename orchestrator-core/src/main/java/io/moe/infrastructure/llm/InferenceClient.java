package io.moe.infrastructure.llm;

import io.moe.application.routing.PassThrough;
import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.InferenceServers;
import io.moe.application.servers.ServerBreakers;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import org.eclipse.microprofile.faulttolerance.Asynchronous;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Calls a model on its inference server. Every model call of the product goes through here, so each
 * server's limits hold across all requests: at most its {@code concurrency} calls run at once
 * ({@link ServerSlots}; a full wait queue is a {@code BulkheadException}), and a call waits at most the
 * server's {@code timeout_seconds} for a slot and then at most that long for the answer (the read timeout),
 * after which it fails as a timed-out {@link InferenceException}. The servers are the enabled ones of
 * {@link InferenceServers}; an unknown or disabled server fails the call with a message naming it.
 */
@ApplicationScoped
public class InferenceClient {

    private static final long CONNECT_TIMEOUT_SECONDS = 5;

    @Inject
    InferenceServers servers;

    @Inject
    ServerSlots slots;

    @Inject
    ServerBreakers breakers;

    @Inject
    PassThrough passThrough;

    private final Map<InferenceServer, OpenAiChatApi> clients = new ConcurrentHashMap<>();
    /** The whole calls holding a slot of their server now (by identity): they went out, or are about to. */
    private final Set<ModelCall> out = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

    @Asynchronous
    public CompletionStage<Completion> complete(ModelCall call) {
        return CompletableFuture.completedFuture(call(call));
    }

    /** The call itself, on the caller's thread. */
    Completion call(ModelCall call) {
        InferenceServer server = enabledServer(call);
        if (!breakers.allows(server.name())) {
            throw InferenceException.circuitOpen("inference server '" + server.name() + "' failed repeatedly; it is left alone for "
                    + breakers.secondsOpen(server.name()) + " s more (its circuit breaker is open, see /api/servers)");
        }
        boolean told = false;
        try (ServerSlots.Slot slot = slots.acquire(server.name(), server.concurrency(), server.timeout())) {
            out.add(call);
            JsonObject response = api(server).create(OpenAiMessages.request(call));
            told = true;
            breakers.succeeded(server.name());
            return OpenAiMessages.completion(response, call.model().toString());
        } catch (InferenceException e) {
            told = true;
            if (e.serverFailing()) {
                breakers.failed(server.name());
            } else {
                breakers.succeeded(server.name()); // it answered: this request was refused, the server is fine
            }
            throw e;
        } catch (ProcessingException e) {
            told = true;
            breakers.failed(server.name());
            boolean timedOut = causedByTimeout(e);
            throw new InferenceException("inference server '" + server.name() + "' at " + server.url()
                    + (timedOut ? " did not answer within " + server.timeout().toSeconds() + " s"
                    : " could not be reached: " + rootMessage(e)), timedOut, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InferenceException("interrupted while waiting for a slot of inference server '"
                    + server.name() + "'", false, e);
        } finally {
            out.remove(call);
            if (!told) {
                breakers.untried(server.name()); // no call went out (full slots, interrupted): say nothing of the server
            }
        }
    }

    /**
     * Whether {@code call} (the very object given to {@link #complete}) holds a slot of its server at this moment: it went
     * out, and a caller that gives it up now pays for it; one still waiting for a slot reached no server and costs nothing.
     */
    public boolean wentOut(ModelCall call) {
        return out.contains(call);
    }

    /**
     * The call streamed: each piece of the answer's text goes to {@code pieces} as the server writes it. The same limits
     * as a whole call hold (the server's slots and breaker; its timeout for the response and for each next line), and a
     * stream that breaks off, stalls, sends a chunk that is not JSON or ends without {@code [DONE]} fails as the server
     * failing. A failure thrown by {@code pieces} ends the call and is passed on. Once {@code stop} completes, the
     * caller has given the call up (its client went away, or a time limit of its own ran out): a wait for the next line
     * ends at once and the call fails without counting against the server.
     */
    public Completion stream(ModelCall call, Consumer<String> pieces, CompletionStage<?> stop) {
        InferenceServer server = enabledServer(call);
        String model = call.model().toString();
        try (PassThrough.StreamReply reply = passThrough.stream(server, OpenAiMessages.streamRequest(call).toString())) {
            stop.whenComplete((done, failure) -> reply.stop());
            if (reply.status() >= 400) {
                throw UpstreamErrorMapper.failure(reply.status(), reply.errorBody(), reply.retryAfterSeconds());
            }
            StringBuilder content = new StringBuilder();
            TokenUsage usage = TokenUsage.NONE;
            boolean cutAtLimit = false;
            for (String line = reply.nextLine(); line != null; line = reply.nextLine()) {
                if (!line.startsWith("data:")) {
                    continue;
                }
                String data = line.substring(5).strip();
                if (data.equals("[DONE]")) {
                    return new Completion(content.toString(), model, usage, cutAtLimit);
                }
                JsonObject chunk = chunk(server, data);
                String piece = OpenAiMessages.delta(chunk);
                TokenUsage reported = OpenAiMessages.usage(chunk);
                cutAtLimit |= OpenAiMessages.cutAtLimit(chunk);
                usage = reported.totalTokens() > 0 ? reported : usage;
                if (!piece.isEmpty()) {
                    content.append(piece);
                    pieces.accept(piece);
                }
            }
            if (stop.toCompletableFuture().isDone()) {
                throw new InferenceException("the stream of " + model + " from inference server '" + server.name()
                        + "' was given up by its caller", false, null);
            }
            // a stream broken off or stalled was already counted against the server's breaker by the reply
            if (reply.stalled()) { // a timeout like a whole call's: the server may have worked on it all that time
                throw new InferenceException("inference server '" + server.name() + "' sent nothing more of " + model
                        + " within " + server.timeout().toSeconds() + " s", true, null);
            }
            throw new InferenceException("inference server '" + server.name() + "' ended the stream of " + model
                    + " before it was complete (it broke off or sent no [DONE])", false, null);
        }
    }

    private JsonObject chunk(InferenceServer server, String data) {
        try {
            return Jsonp.readObject(data);
        } catch (JsonException | IllegalStateException e) {
            breakers.failed(server.name());
            throw new InferenceException("inference server '" + server.name() + "' sent a stream chunk that is not a JSON object", false, e);
        }
    }

    private InferenceServer enabledServer(ModelCall call) {
        return servers.byName(call.model().endpoint()).orElseThrow(() -> new InferenceException(
                "no enabled inference server named '" + call.model().endpoint() + "' (see /api/servers)", false, null));
    }

    /** The chat API of {@code server}; built again when the server's settings changed. */
    OpenAiChatApi api(InferenceServer server) {
        OpenAiChatApi api = clients.get(server);
        if (api != null) {
            return api;
        }
        clients.keySet().removeIf(old -> old.name().equals(server.name()));
        return clients.computeIfAbsent(server, s -> {
            RestClientBuilder builder = RestClientBuilder.newBuilder()
                    .baseUri(s.url())
                    .connectTimeout(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .readTimeout(s.timeout().toSeconds(), TimeUnit.SECONDS)
                    .register(UpstreamErrorMapper.class);
            s.token().ifPresent(token -> builder.register(new BearerToken(token)));
            return builder.build(OpenAiChatApi.class);
        });
    }

    /** Sends the server's bearer token with every call. */
    static final class BearerToken implements ClientRequestFilter {
        private final String token;

        BearerToken(String token) {
            this.token = token;
        }

        @Override
        public void filter(ClientRequestContext request) {
            request.getHeaders().putSingle("Authorization", "Bearer " + token);
        }
    }

    private static boolean causedByTimeout(Throwable e) {
        return Failures.chain(e).anyMatch(t -> t instanceof SocketTimeoutException || t instanceof HttpTimeoutException
                || t instanceof java.util.concurrent.TimeoutException);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = Failures.root(e);
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : " (" + root.getMessage() + ")");
    }
}
