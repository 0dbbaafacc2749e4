package io.moe.application.pipeline;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The provenance trace of one run: what each stage decided (plan, models with tier and confidence,
 * tools and their results, graph facts, cache path) and the time it took. Stages write to it from
 * several threads.
 */
public final class PipelineTrace {

    private final Map<String, JsonValue> facts = new LinkedHashMap<>();
    private final List<JsonObject> experts = new ArrayList<>();
    private final List<JsonObject> tools = new ArrayList<>();
    private final Map<String, Long> stageMillis = new LinkedHashMap<>();

    public synchronized void put(String key, JsonValue value) {
        facts.put(key, value);
    }

    public void put(String key, String value) {
        put(key, Json.createValue(value));
    }

    public synchronized void expert(JsonObject expert) {
        experts.add(expert);
    }

    public synchronized void tool(JsonObject tool) {
        tools.add(tool);
    }

    public synchronized void stage(String name, long millis) {
        stageMillis.merge(name, millis, Long::sum);
    }

    /** The trace as JSON, with tokens per stage taken from the run's model calls. */
    public synchronized JsonObject toJson(List<StageCall> calls) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        facts.forEach(o::add);
        JsonArrayBuilder expertList = Json.createArrayBuilder();
        experts.forEach(expertList::add);
        JsonArrayBuilder toolList = Json.createArrayBuilder();
        tools.forEach(toolList::add);
        Map<String, long[]> tokens = new LinkedHashMap<>();
        for (StageCall call : calls) {
            long[] t = tokens.computeIfAbsent(call.stage(), s -> new long[3]);
            t[0] += call.completion().usage().promptTokens();
            t[1] += call.completion().usage().completionTokens();
            t[2]++;
        }
        JsonArrayBuilder stages = Json.createArrayBuilder();
        stageMillis.forEach((name, ms) -> {
            long[] t = tokens.getOrDefault(name, new long[3]);
            stages.add(Json.createObjectBuilder().add("stage", name).add("ms", ms).add("model_calls", t[2])
                    .add("prompt_tokens", t[0]).add("completion_tokens", t[1]));
        });
        return o.add("experts", expertList).add("tools", toolList).add("stages", stages).build();
    }
}
