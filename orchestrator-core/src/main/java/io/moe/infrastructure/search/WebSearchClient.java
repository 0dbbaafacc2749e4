package io.moe.infrastructure.search;

import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.http.BoundedResponses;
import io.moe.infrastructure.stores.Outage;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Asks the configured SearXNG-compatible engine ({@code moe.search.url}) with {@code GET /search?q=…&format=json}.
 * Without a configured URL web research is off and every search returns nothing.
 */
@ApplicationScoped
public class WebSearchClient {

    static final long OPEN_MILLIS = 5_000;

    static final int MAX_RESULTS = 5;
    /** The longest answer read from the engine (a page of results is some 10 KB). */
    static final int MAX_BODY_BYTES = 1024 * 1024;
    /** The longest title, address or snippet of a hit taken into a prompt. */
    static final int MAX_FIELD_CHARS = 1_000;

    @Inject
    @ConfigProperty(name = "moe.search.url")
    Optional<String> url;

    @Inject
    @ConfigProperty(name = "moe.search.timeout-seconds", defaultValue = "20")
    int timeoutSeconds;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Outage outage = Outage.ofHttpService("the search engine", http,
            () -> URI.create(url.orElseThrow().replaceAll("/+$", "") + "/"));

    public boolean configured() {
        return url.filter(u -> !u.isBlank()).isPresent();
    }

    /**
     * Up to five results for {@code query}; fails with UncheckedIOException when the engine cannot be asked. After three
     * failures in four calls the circuit breaker fails calls at once for {@value #OPEN_MILLIS} ms (web research then goes
     * on without results), then lets one through. That one is not a request's: a call that could not reach the engine
     * (or timed out, and a trial of the engine's root at once got no answer either: one slow query is not an outage) also
     * opens its {@link Outage}, which refuses calls at once and asks the engine's root itself, in the background every 2 s,
     * until it answers.
     */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public List<SearchHit> search(String query) {
        if (!configured()) {
            return List.of();
        }
        String base = url.get().replaceAll("/+$", "");
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/search?format=json&q="
                        + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(timeoutSeconds)).header("Accept", "application/json").GET().build();
        outage.admit();
        try {
            HttpResponse<String> response = BoundedResponses.send(http, request, MAX_BODY_BYTES, Duration.ofSeconds(timeoutSeconds));
            outage.answered();
            if (response.statusCode() != 200) {
                throw new UncheckedIOException(new IOException("search engine answered " + response.statusCode()));
            }
            return hits(Jsonp.readObject(response.body()));
        } catch (IOException e) {
            outage.failed(e);
            throw new UncheckedIOException("search engine at " + base + " could not be asked: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("search interrupted"));
        }
    }

    private static List<SearchHit> hits(JsonObject body) {
        List<SearchHit> hits = new ArrayList<>();
        if (body.get("results") instanceof JsonArray results) {
            for (JsonValue value : results) {
                if (value instanceof JsonObject r && hits.size() < MAX_RESULTS) {
                    hits.add(new SearchHit(cut(string(r, "title")), cut(string(r, "url")), cut(string(r, "content"))));
                }
            }
        }
        return hits;
    }

    /** A field of a hit as the prompt takes it: at most {@value #MAX_FIELD_CHARS} characters. */
    private static String cut(String text) {
        return text.length() <= MAX_FIELD_CHARS ? text : text.substring(0, MAX_FIELD_CHARS - 1) + "…";
    }

    private static String string(JsonObject o, String field) {
        return o.get(field) instanceof JsonString s ? s.getString() : "";
    }

    @PreDestroy
    void stop() {
        outage.close();
    }
}
