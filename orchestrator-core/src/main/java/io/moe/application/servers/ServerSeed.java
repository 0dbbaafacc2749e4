package io.moe.application.servers;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The servers of the environment ({@code moe.inference.servers}, a JSON list of {name, url, type,
 * concurrency, timeout, token, cost_factor}), or one server {@code local} at {@code moe.inference.url} when the
 * list is not set. It seeds the registry on the first start only; afterwards the admin API is the truth.
 */
public final class ServerSeed {

    private ServerSeed() {
    }

    /** The seed list; a malformed list fails the start with a message naming the setting. */
    public static List<ServerInput> parse(String json, String localUrl, int defaultConcurrency, int defaultTimeoutSeconds) {
        List<ServerInput> servers = new ArrayList<>();
        if (json == null || json.isBlank()) {
            servers.add(new ServerInput("local", localUrl, "openai", false, null, defaultConcurrency,
                    defaultTimeoutSeconds, BigDecimal.ONE, true));
            return servers;
        }
        try {
            JsonArray list = Jsonp.readArray(json);
            for (JsonValue value : list) {
                JsonObject o = value.asJsonObject();
                JsonNumber cost = o.getJsonNumber("cost_factor");
                servers.add(new ServerInput(o.getString("name"), o.getString("url"), o.getString("type", "openai"),
                        o.containsKey("token"), o.getString("token", null), o.getInt("concurrency", defaultConcurrency),
                        o.getInt("timeout", defaultTimeoutSeconds), cost == null ? BigDecimal.ONE : cost.bigDecimalValue(), true));
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("moe.inference.servers must be a JSON list of "
                    + "{\"name\",\"url\",\"type\",\"concurrency\",\"timeout\"} objects with at least name and url: "
                    + e.getMessage(), e);
        }
        return servers;
    }
}
