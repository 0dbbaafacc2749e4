package io.moe.infrastructure.llm;

import io.moe.application.routing.PassThrough;
import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.RateLimitReports;
import io.moe.application.servers.RateLimitState;
import io.moe.application.servers.ServerBreakers;
import io.moe.infrastructure.http.BoundedResponses;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Flow;

/**
 * {@link PassThrough} over the JDK's HTTP client: one client for all servers, keeping connections
 * alive between requests, so a native request costs one hop on a warm connection. Each exchange holds
 * one of the server's {@link ServerSlots}; the connect timeout is 5 s and the server's timeout bounds the
 * wait for the response headers and, on a stream, the wait for each next line (a stalled stream is broken off). The rate-limit headers of
 * every response are reported to {@link RateLimitReports} for {@code GET /v1/provider-status}.
 */
@ApplicationScoped
public class HttpPassThrough implements PassThrough {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final String PATH = "/v1/chat/completions";

    @Inject
    ServerSlots slots;

    @Inject
    ServerBreakers breakers;

    @Inject
    RateLimitReports limits;

    /** The longest reply read whole (not streamed): a full context of text is a few MB. */
    static final int MAX_REPLY_BYTES = 16 * 1024 * 1024;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT).build();
    /** Each server's chat-completions address, parsed once. */
    private final Map<URI, URI> endpoints = new ConcurrentHashMap<>();

    @Override
    public Reply complete(InferenceServer server, String body) {
        refuseWhileOpen(server);
        boolean told = false;
        try (ServerSlots.Slot slot = take(server)) {
            HttpResponse<String> response = BoundedResponses.send(http, request(server, body), MAX_REPLY_BYTES, server.timeout());
            told = true;
            tell(server, response.statusCode());
            observe(server, response);
            return new Reply(response.statusCode(), response.body(), retryAfter(response));
        } catch (IOException e) {
            told = true;
            breakers.failed(server.name());
            throw failed(server, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InferenceException("interrupted while calling inference server '" + server.name() + "'", false, e);
        } finally {
            if (!told) {
                breakers.untried(server.name());
            }
        }
    }

    @Override
    public StreamReply stream(InferenceServer server, String body) {
        refuseWhileOpen(server);
        ServerSlots.Slot slot;
        try {
            slot = take(server);
        } catch (RuntimeException e) {
            breakers.untried(server.name());
            throw e;
        }
        try {
            HttpResponse<Flow.Publisher<List<ByteBuffer>>> response = http.send(request(server, body),
                    HttpResponse.BodyHandlers.ofPublisher());
            tell(server, response.statusCode());
            observe(server, response);
            TimedLines lines = new TimedLines();
            response.body().subscribe(lines);
            return new Streamed(response, lines, slot, server.timeout(), () -> breakers.failed(server.name()));
        } catch (IOException e) {
            slot.close();
            breakers.failed(server.name());
            throw failed(server, e);
        } catch (InterruptedException e) {
            slot.close();
            breakers.untried(server.name());
            Thread.currentThread().interrupt();
            throw new InferenceException("interrupted while calling inference server '" + server.name() + "'", false, e);
        } catch (RuntimeException e) {
            slot.close();
            breakers.untried(server.name());
            throw e;
        }
    }

    /** The response's {@code Retry-After} in whole seconds, -1 when absent or a date. */
    static long retryAfter(HttpResponse<?> response) {
        return UpstreamErrorMapper.retryAfter(response.headers().firstValue("Retry-After").orElse(null));
    }

    /** A server whose breaker is open is not called: the request fails at once. */
    private void refuseWhileOpen(InferenceServer server) {
        if (!breakers.allows(server.name())) {
            throw InferenceException.circuitOpen("inference server '" + server.name() + "' failed repeatedly; it is left alone for "
                    + breakers.secondsOpen(server.name()) + " s more (its circuit breaker is open, see /api/servers)");
        }
    }

    /** A 5xx answer counts against the server; any other answer shows it works. */
    private void tell(InferenceServer server, int status) {
        if (status >= 500) {
            breakers.failed(server.name());
        } else {
            breakers.succeeded(server.name());
        }
    }

    /** Keeps the rate-limit headers the server sent, if it sent any. */
    private void observe(InferenceServer server, HttpResponse<?> response) {
        Map<String, String> values = new HashMap<>();
        response.headers().map().forEach((header, list) -> {
            String field = RateLimitState.HEADERS.get(header.toLowerCase(Locale.ROOT));
            if (field != null && !list.isEmpty()) {
                String v = list.get(0);
                values.put(field, v.length() > 64 ? v.substring(0, 64) : v);
            }
        });
        if (!values.isEmpty() && limits != null) {
            limits.observe(server.name(), new RateLimitState(values, response.statusCode(), Instant.now()));
        }
    }

    private HttpRequest request(InferenceServer server, String body) {
        URI endpoint = endpoints.computeIfAbsent(server.url(), url -> URI.create(stripSlash(url.toString()) + PATH));
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
                .timeout(server.timeout())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        server.token().ifPresent(token -> builder.header("Authorization", "Bearer " + token));
        return builder.build();
    }

    private ServerSlots.Slot take(InferenceServer server) {
        try {
            return slots.acquire(server.name(), server.concurrency(), server.timeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InferenceException("interrupted while waiting for a slot of inference server '" + server.name() + "'", false, e);
        } catch (org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException e) {
            // a wait that ran out is the server's timeout spent (not asked again); a full queue refuses at once
            throw new InferenceException(e.getMessage(), e instanceof ServerSlots.SlotWaitTimeout, e);
        }
    }

    private static InferenceException failed(InferenceServer server, IOException e) {
        boolean timedOut = e instanceof HttpTimeoutException;
        return new InferenceException("inference server '" + server.name() + "' at " + server.url()
                + (timedOut ? " did not answer within " + server.timeout().toSeconds() + " s"
                : e instanceof BoundedResponses.BodyTooLarge large ? " answered with a body larger than " + large.maxBytes() + " bytes"
                : " could not be reached: " + e.getClass().getSimpleName()), timedOut, e);
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** A streamed reply; a line that does not come within the server's timeout of the one before ends it like a cut connection. */
    private static final class Streamed implements StreamReply {
        private static final int ERROR_BODY_LIMIT = 64 * 1024;
        private final HttpResponse<?> response;
        private final TimedLines lines;
        private final ServerSlots.Slot slot;
        private final Duration wait;
        private final Runnable onBrokenOff;
        private volatile boolean stalled;

        Streamed(HttpResponse<?> response, TimedLines lines, ServerSlots.Slot slot, Duration wait, Runnable onBrokenOff) {
            this.response = response;
            this.lines = lines;
            this.slot = slot;
            this.wait = wait;
            this.onBrokenOff = onBrokenOff;
        }

        @Override
        public int status() {
            return response.statusCode();
        }

        @Override
        public String nextLine() {
            return nextLine(wait, () -> { });
        }

        @Override
        public String nextLine(Duration quiet, Runnable whileQuiet) {
            try {
                return lines.next(wait, quiet, whileQuiet);
            } catch (TimedLines.Stopped stopped) {
                return null;
            } catch (IOException brokenOffOrStalled) {
                stalled = brokenOffOrStalled instanceof TimedLines.Stalled;
                onBrokenOff.run();
                return null;
            }
        }

        @Override
        public boolean stalled() {
            return stalled;
        }

        @Override
        public void stop() {
            lines.stop();
        }

        @Override
        public long retryAfterSeconds() {
            return retryAfter(response);
        }

        @Override
        public String errorBody() {
            StringBuilder body = new StringBuilder();
            try {
                for (String line = lines.next(wait); line != null && body.length() < ERROR_BODY_LIMIT; line = lines.next(wait)) {
                    body.append(line).append('\n');
                }
            } catch (IOException e) {
                // what came before the failure is the body
            }
            return body.length() > ERROR_BODY_LIMIT ? body.substring(0, ERROR_BODY_LIMIT) : body.toString().strip();
        }

        @Override
        public void close() {
            try {
                lines.cancel();
            } finally {
                slot.close();
            }
        }
    }
}
