package io.moe.infrastructure.llm;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.ModelDiscovery;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.http.BoundedResponses;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link ModelDiscovery} over HTTP with the JDK client. Each probe is bounded by
 * {@code moe.servers.probe-timeout-seconds} (default 10) and reads at most 4 MiB of answer, so a slow or
 * hostile server cannot hold a probe thread or the heap.
 */
@ApplicationScoped
public class HttpModelDiscovery implements ModelDiscovery {

    static final int MAX_BYTES = 4 * 1024 * 1024;

    @Inject
    @ConfigProperty(name = "moe.servers.probe-timeout-seconds", defaultValue = "10")
    int timeoutSeconds;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    public HttpModelDiscovery() {
    }

    /** A discovery with the given timeout, for code that runs without a container. */
    public HttpModelDiscovery(int timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public List<String> models(InferenceServer server) {
        boolean ollama = server.apiType() == ApiType.OLLAMA;
        URI uri = URI.create(server.url() + (ollama ? "/api/tags" : "/v1/models"));
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(timeoutSeconds))
                .header("Accept", "application/json").GET();
        server.token().ifPresent(t -> request.header("Authorization", "Bearer " + t));
        try {
            HttpResponse<String> response = BoundedResponses.send(http, request.build(), MAX_BYTES, Duration.ofSeconds(timeoutSeconds));
            String body = response.body();
            if (response.statusCode() != 200) {
                throw new DiscoveryException("GET " + uri.getPath() + " answered HTTP " + response.statusCode()
                        + (response.statusCode() == 401 || response.statusCode() == 403 ? " (check the server's token)" : ""));
            }
            return ollama ? names(body, "models", "name") : names(body, "data", "id");
        } catch (HttpTimeoutException e) {
            throw new DiscoveryException("GET " + uri.getPath() + " did not answer within " + timeoutSeconds + " s");
        } catch (IOException e) {
            throw new DiscoveryException("GET " + uri.getPath() + " failed: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DiscoveryException("the probe was interrupted");
        }
    }

    /** The string {@code field} of every object in the array {@code list} of the answer. */
    static List<String> names(String body, String list, String field) {
        try {
            JsonValue answer = Jsonp.readValue(body);
            if (!(answer instanceof JsonObject o) || !(o.get(list) instanceof jakarta.json.JsonArray items)) {
                throw new DiscoveryException("the answer has no '" + list + "' list: is the api_type right?");
            }
            List<String> names = new ArrayList<>();
            for (JsonValue item : items) {
                if (item instanceof JsonObject m && m.get(field) instanceof JsonString s) {
                    names.add(s.getString());
                }
            }
            return names;
        } catch (JsonException e) {
            throw new DiscoveryException("the answer is not JSON: is the url right?");
        }
    }
}
