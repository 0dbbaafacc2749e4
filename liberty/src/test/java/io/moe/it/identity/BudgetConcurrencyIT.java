package io.moe.it.identity;

import io.moe.it.ItConfig;
import io.moe.it.chat.ChatCompletionsIT;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 50 requests against a budget, always as many at once as one user may run (moe.limits.concurrent-requests-per-user,
 * 4): it is overspent by at most one request, and rows match counters.
 */
public class BudgetConcurrencyIT {

    public static final long BUDGET = 2000;
    /** The per-user limit of requests in flight (the server's default). */
    static final int IN_FLIGHT = 4;

    @Test
    void concurrentRequestsCannotOverspendABudget() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        assertEquals(200, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"daily_limit\":" + BUDGET + "}").statusCode());
        spendAndCheck(user, key, List.of(ChatCompletionsIT.URL));
    }

    /**
     * Sends 50 requests of {@code key}, {@link #IN_FLIGHT} at once, to the chat URLs in turn, and checks that every one is
     * answered or refused for the budget, that the budget was overspent by at most one request, and that the usage
     * rows add up to the counter exactly.
     */
    public static void spendAndCheck(String user, String key, List<String> urls) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        Semaphore places = new Semaphore(IN_FLIGHT);
        for (int i = 0; i < 50; i++) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(urls.get(i % urls.size()))).timeout(Duration.ofSeconds(120))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(ChatCompletionsIT.request("moe-orchestrator", "Question " + i))).build();
            places.acquireUninterruptibly();
            calls.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((r, e) -> places.release()));
        }
        int ok = 0;
        int refused = 0;
        for (CompletableFuture<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.join();
            if (response.statusCode() == 200) {
                ok++;
            } else if (response.statusCode() == 429 && response.body().contains("budget_exceeded")) {
                refused++;
            }
        }
        assertEquals(50, ok + refused, "every request is answered or refused for the budget");
        assertTrue(refused > 0, "the budget of " + BUDGET + " cannot pay for 50 requests");

        JsonObject usage = IdentityIT.pollUsage(user, 50);
        long daily = usage.getJsonObject("counters").getJsonNumber("daily").longValue();
        long recorded = usage.getJsonNumber("total_tokens").longValue();
        assertEquals(recorded, daily, "the usage rows add up to the counter exactly");
        long largest = usage.getJsonArray("recent").getValuesAs(JsonObject.class).stream()
                .mapToLong(r -> r.getJsonNumber("total_tokens").longValue()).max().orElse(0);
        assertTrue(recorded <= BUDGET + largest, "recorded " + recorded + " for a budget of " + BUDGET
                + " (one request: " + largest + ")");
        assertEquals(ok, usage.getJsonObject("by_status").getJsonObject("ok").getInt("requests"));
    }
}
