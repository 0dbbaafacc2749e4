package io.moe.infrastructure.tools;

import io.moe.infrastructure.stores.Outage;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The HTTP connection to the tool server, behind a circuit breaker (MicroProfile Fault Tolerance): after three
 * calls of four that could not reach it or got no answer in time, calls fail at once for {@value #OPEN_MILLIS} ms,
 * then one call tries again. A hung tool server therefore costs a request its wait only until the breaker opened.
 * Any answer, an error status included, counts as the server working. That one call is not a request's: a call that
 * could not reach the server also opens its {@link Outage}, which refuses calls at once and asks the server's root
 * itself, in the background every 2 s, until it answers. A call that got no answer within the request's timeout opens
 * it only when a trial of the root at once gets no answer either: a slow tool is not an outage of the tool server.
 */
@ApplicationScoped
public class ToolServerHttp {

    static final long OPEN_MILLIS = 5_000;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** The root of the server the last call went to: what a trial asks. */
    private volatile URI root;
    private final Outage outage = Outage.ofHttpService("the tool server", http, () -> root);

    /** The server's answer; fails with {@link UncheckedIOException} when it cannot be asked. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public HttpResponse<String> send(HttpRequest request) {
        root = request.uri().resolve("/");
        outage.admit();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            outage.answered();
            return response;
        } catch (IOException e) {
            outage.failed(e);
            throw new UncheckedIOException(Outage.describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("interrupted while calling the tool server"));
        }
    }

    @PreDestroy
    void stop() {
        outage.close();
    }
}
