package io.moe.it.identity;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.net.http.HttpResponse;
import java.util.UUID;

/** The admin JSON API, called with the bootstrap admin's key. */
public final class Admin {

    public static final String USERS = ItConfig.adminUrl() + "/api/users";

    private Admin() {
    }

    public static HttpResponse<String> post(String url, String body) {
        return Http.post(url, body, "Authorization", Http.bearer(ItConfig.apiKey()));
    }

    public static HttpResponse<String> put(String url, String body) {
        return Http.put(url, body, "Authorization", Http.bearer(ItConfig.apiKey()));
    }

    public static HttpResponse<String> get(String url) {
        return Http.get(url, "Authorization", Http.bearer(ItConfig.apiKey()));
    }

    public static HttpResponse<String> delete(String url) {
        return Http.delete(url, "Authorization", Http.bearer(ItConfig.apiKey()));
    }

    /** A new user with a unique name; returns its id. */
    public static String newUser() {
        String name = "u" + UUID.randomUUID().toString().substring(0, 12);
        HttpResponse<String> r = post(USERS, Json.createObjectBuilder().add("username", name)
                .add("email", name + "@example.org").add("password", "a-long-password-1").build().toString());
        if (r.statusCode() != 201) {
            throw new IllegalStateException("user not created: " + r.body());
        }
        return Http.object(r).getString("id");
    }

    /** Grants a permission; returns its id. */
    public static String grant(String userId, String type, String id) {
        HttpResponse<String> r = post(USERS + "/" + userId + "/permissions",
                "{\"resource_type\":\"" + type + "\",\"resource_id\":\"" + id + "\"}");
        if (r.statusCode() != 201) {
            throw new IllegalStateException("not granted: " + r.body());
        }
        return Http.object(r).getString("id");
    }

    /**
     * What direct calls ({@code model@server}) need: the model_endpoint grant {@code modelEndpoint} and the moe_mode grant
     * {@code native} (granted once; a second call finds it there).
     */
    public static void grantDirectCalls(String userId, String modelEndpoint) {
        grant(userId, "model_endpoint", modelEndpoint);
        HttpResponse<String> r = post(USERS + "/" + userId + "/permissions", "{\"resource_type\":\"moe_mode\",\"resource_id\":\"native\"}");
        if (r.statusCode() != 201 && r.statusCode() != 409) {
            throw new IllegalStateException("not granted: " + r.body());
        }
    }

    /** A new key of the user: [id, raw key]. */
    public static String[] newKey(String userId) {
        JsonObject key = Http.object(post(USERS + "/" + userId + "/keys", "{\"label\":\"it\"}"));
        return new String[]{key.getString("id"), key.getString("key")};
    }

    public static JsonObject usage(String userId) {
        return Http.object(get(USERS + "/" + userId + "/usage"));
    }
}
