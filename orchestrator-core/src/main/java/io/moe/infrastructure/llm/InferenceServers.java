package io.moe.infrastructure.llm;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.StringReader;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The configured list of inference servers ({@code moe.inference.servers}, a JSON array of
 * {name, url, type, concurrency, timeout}). When the list is not set, one server named {@code local}
 * at {@code moe.inference.url} is used.
 */
@ApplicationScoped
public class InferenceServers {

    @Inject
    @ConfigProperty(name = "moe.inference.servers")
    Optional<String> serversJson;

    @Inject
    @ConfigProperty(name = "moe.inference.url", defaultValue = "http://127.0.0.1:11434")
    String localUrl;

    @Inject
    @ConfigProperty(name = "moe.inference.timeout-seconds", defaultValue = "900")
    int defaultTimeoutSeconds;

    private Map<String, InferenceServer> byName;

    @PostConstruct
    void load() {
        byName = parse(serversJson.filter(s -> !s.isBlank()).orElse(null), localUrl, defaultTimeoutSeconds);
    }

    /** The server called {@code name}, if configured. */
    public Optional<InferenceServer> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Map<String, InferenceServer> all() {
        return byName;
    }

    static Map<String, InferenceServer> parse(String json, String localUrl, int defaultTimeoutSeconds) {
        Map<String, InferenceServer> servers = new LinkedHashMap<>();
        if (json == null) {
            servers.put("local", new InferenceServer("local", URI.create(localUrl), "openai", 5,
                    Duration.ofSeconds(defaultTimeoutSeconds)));
            return servers;
        }
        try {
            JsonArray list = Json.createReader(new StringReader(json)).readArray();
            for (JsonValue value : list) {
                JsonObject o = value.asJsonObject();
                String name = o.getString("name");
                servers.put(name, new InferenceServer(name, URI.create(o.getString("url")), o.getString("type", "openai"),
                        o.getInt("concurrency", 5), Duration.ofSeconds(o.getInt("timeout", defaultTimeoutSeconds))));
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("moe.inference.servers must be a JSON list of "
                    + "{\"name\",\"url\",\"type\",\"concurrency\",\"timeout\"} objects with at least name and url: "
                    + e.getMessage(), e);
        }
        return servers;
    }
}
