package io.moe.application.pipeline.trace;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;

import java.util.List;
import java.util.Set;
import java.util.LinkedHashSet;

/**
 * What is kept of an answered request for 7 days (rule 10): who asked with which key, the question and
 * answer excerpts, the planner pattern, the experts that answered, the graph relations and the cache entry
 * the answer used, and the trace. The after-answer work writes it and feedback reads it back; this record
 * is the one contract between them, and {@link #toJson}/{@link #fromJson} its one wording.
 */
public record ResponseRecord(String responseId, String userId, String apiKeyId, String mode, String template,
                             String query, String answer, String pattern, List<RatedExpert> experts,
                             List<String> graphRelations, String cacheEntry, String created, JsonObject trace) {

    /** An expert that answered: what a rating scores. */
    public record RatedExpert(String model, String category, String confidence) {
    }

    public ResponseRecord {
        experts = List.copyOf(experts);
        graphRelations = List.copyOf(graphRelations);
    }

    /** The categories the answer came from ({@code general} when no expert answered). */
    public Set<String> categories() {
        Set<String> categories = new LinkedHashSet<>();
        experts.forEach(e -> categories.add(e.category()));
        if (categories.isEmpty()) {
            categories.add("general");
        }
        return categories;
    }

    /** Whether {@code userId} holding the key {@code keyId} received this answer (any key of the user when either is unknown). */
    public boolean receivedBy(String userId, String keyId) {
        return userId.equals(this.userId) && (apiKeyId.isEmpty() || keyId == null || apiKeyId.equals(keyId));
    }

    public JsonArrayBuilder expertsJson() {
        JsonArrayBuilder a = Jsonp.createArrayBuilder();
        experts.forEach(e -> a.add(Jsonp.createObjectBuilder().add("model", e.model()).add("category", e.category())
                .add("confidence", e.confidence())));
        return a;
    }

    public JsonObject toJson() {
        JsonArrayBuilder relations = Jsonp.createArrayBuilder();
        graphRelations.forEach(relations::add);
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("response_id", responseId).add("user_id", userId)
                .add("api_key_id", apiKeyId).add("mode", mode).add("template", template).add("query", query)
                .add("answer", answer).add("pattern", pattern).add("experts", expertsJson())
                .add("graph_relations", relations).add("created", created).add("trace", trace);
        if (cacheEntry != null) {
            o.add("cache_entry", cacheEntry);
        }
        return o.build();
    }

    public static ResponseRecord fromJson(JsonObject o) {
        List<RatedExpert> experts = o.getJsonArray("experts").getValuesAs(JsonObject.class).stream()
                .map(e -> new RatedExpert(e.getString("model"), e.getString("category"), e.getString("confidence", "")))
                .toList();
        List<String> relations = o.getJsonArray("graph_relations").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString).toList();
        return new ResponseRecord(o.getString("response_id"), o.getString("user_id"), o.getString("api_key_id", ""),
                o.getString("mode", ""), o.getString("template", ""), o.getString("query", ""), o.getString("answer", ""),
                o.getString("pattern", ""), experts, relations, o.getString("cache_entry", null), o.getString("created", ""),
                o.getJsonObject("trace"));
    }
}
