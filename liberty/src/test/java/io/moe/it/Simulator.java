package io.moe.it;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Scripts the model simulator over its control API (/_sim/rules, /_sim/calls) for one test at a time. */
public final class Simulator {

    private Simulator() {
    }

    /** Adds a rule and returns its id; remove it with {@link #removeRule(String)}. */
    public static String addRule(JsonObject rule) {
        var response = Http.post(ItConfig.simulatorUrl() + "/_sim/rules", rule.toString());
        if (response.statusCode() != 201) {
            throw new IllegalStateException("simulator refused the rule: " + response.statusCode() + " " + response.body());
        }
        return Http.object(response).get("id").toString().replace("\"", "");
    }

    public static void removeRule(String id) {
        Http.delete(ItConfig.simulatorUrl() + "/_sim/rules/" + id);
    }

    /** Recorded calls whose user text contains {@code marker}, oldest first. */
    public static JsonArray callsContaining(String marker) {
        JsonArray all = Http.object(Http.get(ItConfig.simulatorUrl() + "/_sim/calls")).getJsonArray("calls");
        var builder = jakarta.json.Json.createArrayBuilder();
        all.getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("user", "").contains(marker))
                .forEach(builder::add);
        return builder.build();
    }

    public static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
