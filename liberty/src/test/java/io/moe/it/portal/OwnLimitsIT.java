package io.moe.it.portal;

import io.moe.it.Http;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a user adds under a count bound keeps the bound also when the requests come at once: a script that asks for
 * twelve keys together, four short of the fifty a user may hold, gets four keys and eight clear refusals — not
 * fifty-something keys because every request counted before any of the others had written.
 */
class OwnLimitsIT {

    private static final String KEYS = "/user/api/keys";
    private static final int BOUND = 50;
    private static final int AT_ONCE = 12;
    private static final int SHORT_OF_BOUND = 4;

    @Test
    void keysAskedForAtOnceStopAtTheBound() throws Exception {
        PortalBrowser user = PortalBrowser.signedInAsNewUser();
        String token = user.csrfToken();
        for (int i = 0; i < BOUND - SHORT_OF_BOUND; i++) {
            HttpResponse<String> r = user.json("POST", KEYS, "{\"label\":\"before-" + i + "\"}", token);
            assertEquals(201, r.statusCode(), r.body());
        }

        List<HttpResponse<String>> replies = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE);
        try {
            List<Future<HttpResponse<String>>> asked = new ArrayList<>();
            for (int i = 0; i < AT_ONCE; i++) {
                String body = "{\"label\":\"at-once-" + i + "\"}";
                asked.add(pool.submit(() -> user.json("POST", KEYS, body, token)));
            }
            for (Future<HttpResponse<String>> reply : asked) {
                replies.add(reply.get());
            }
        } finally {
            pool.shutdownNow();
        }

        long created = replies.stream().filter(r -> r.statusCode() == 201).count();
        List<HttpResponse<String>> refused = replies.stream().filter(r -> r.statusCode() != 201).toList();
        assertEquals(SHORT_OF_BOUND, created, "keys created of " + AT_ONCE + " asked for at once");
        assertTrue(refused.stream().allMatch(r -> r.statusCode() == 409 && r.body().contains("too_many_keys")),
                "every other request is refused as over the bound: " + refused.stream().map(HttpResponse::body).toList());

        HttpResponse<String> list = user.json("GET", KEYS, null);
        assertEquals(200, list.statusCode(), list.body());
        long usable = Http.object(list).getJsonArray("keys").getValuesAs(JsonObject.class).stream()
                .filter(k -> k.getInt("is_active") == 1).count();
        assertEquals(BOUND, usable, "the user holds exactly the bound");
    }
}
