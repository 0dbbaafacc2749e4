package io.moe.simulator;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** Every chat call the simulator received, for tests to check which roles ran and with what. */
final class CallLog {

    private static final int MAX_CALLS = 10_000;

    private final List<JsonObject> calls = new CopyOnWriteArrayList<>();
    private final AtomicLong seq = new AtomicLong();

    void record(SimRequest request, Role role, String category, int completionTokens, String fault, int concurrent) {
        if (calls.size() >= MAX_CALLS) {
            calls.remove(0);
        }
        calls.add(Json.createObjectBuilder()
                .add("seq", seq.incrementAndGet())
                .add("model", request.model())
                .add("role", role.wireName())
                .add("category", category == null ? "" : category)
                .add("stream", request.stream())
                .add("has_images", request.hasImages())
                .add("system", request.system())
                .add("user", request.user())
                .add("prompt_tokens", request.promptTokens())
                .add("max_tokens", request.maxTokens())
                .add("completion_tokens", completionTokens)
                .add("fault", fault == null ? "" : fault)
                .add("concurrent", concurrent)
                .add("at", Instant.now().toString())
                .build());
    }

    /** Records a web search, as role "search" with the query as its user text. */
    void recordSearch(String query) {
        if (calls.size() >= MAX_CALLS) {
            calls.remove(0);
        }
        calls.add(Json.createObjectBuilder()
                .add("seq", seq.incrementAndGet()).add("model", "search").add("role", "search").add("category", "")
                .add("stream", false).add("has_images", false).add("system", "").add("user", query)
                .add("prompt_tokens", 0).add("max_tokens", 0).add("completion_tokens", 0).add("fault", "")
                .add("at", Instant.now().toString()).build());
    }

    JsonObject toJson() {
        JsonArrayBuilder list = Json.createArrayBuilder();
        calls.forEach(list::add);
        return Json.createObjectBuilder().add("calls", list).build();
    }

    void clear() {
        calls.clear();
    }
}
