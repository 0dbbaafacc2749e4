package io.moe.infrastructure.llm;

import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.ProcessingException;
import org.eclipse.microprofile.faulttolerance.Asynchronous;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Calls a model on its inference server. Every model call of the product goes through here, so the
 * bulkhead bounds concurrent GPU work across all requests ({@code moe.inference.concurrency}, default 5)
 * and the timeout bounds how long any call may take ({@code moe.inference.timeout-seconds}).
 */
@ApplicationScoped
public class InferenceClient {

    private static final long CONNECT_TIMEOUT_SECONDS = 5;

    @Inject
    InferenceServers servers;

    private final Map<String, OpenAiChatApi> clients = new ConcurrentHashMap<>();

    @Asynchronous
    @Bulkhead(value = 5, waitingTaskQueue = 1000)
    @Timeout(value = 900, unit = ChronoUnit.SECONDS)
    public CompletionStage<Completion> complete(ModelCall call) {
        InferenceServer server = servers.byName(call.model().endpoint()).orElseThrow(() -> new InferenceException(
                "no inference server named '" + call.model().endpoint() + "' is configured (moe.inference.servers)",
                false, null));
        try {
            JsonObject response = api(server).create(OpenAiMessages.request(call));
            return CompletableFuture.completedFuture(OpenAiMessages.completion(response, call.model().toString()));
        } catch (ProcessingException e) {
            boolean timedOut = causedByTimeout(e);
            throw new InferenceException("inference server '" + server.name() + "' at " + server.url()
                    + (timedOut ? " did not answer within " + server.timeout().toSeconds() + " s"
                    : " could not be reached: " + rootMessage(e)), timedOut, e);
        }
    }

    private OpenAiChatApi api(InferenceServer server) {
        return clients.computeIfAbsent(server.name(), name -> RestClientBuilder.newBuilder()
                .baseUri(server.url())
                .connectTimeout(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .readTimeout(server.timeout().toSeconds(), TimeUnit.SECONDS)
                .register(UpstreamErrorMapper.class)
                .build(OpenAiChatApi.class));
    }

    private static boolean causedByTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException || t instanceof HttpTimeoutException
                    || t instanceof java.util.concurrent.TimeoutException) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : " (" + root.getMessage() + ")");
    }
}
