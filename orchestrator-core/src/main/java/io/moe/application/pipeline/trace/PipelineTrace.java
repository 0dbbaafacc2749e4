package io.moe.application.pipeline.trace;

import io.moe.application.pipeline.run.StageCall;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The provenance trace of one run: what each stage decided (plan source, cache path, models with tier
 * and confidence, tools and their results, searches, merger, critic, gap check) and the time each stage
 * took. Every stage records through a typed method; {@link #toJson} is the one place that words it for
 * {@code GET /v1/responses/{id}/trace}. Stages write from several threads, so every method is synchronized.
 */
public final class PipelineTrace {

    /** The stages whose failures the trace reports as {@code <stage>_error}. */
    public enum Failing { EXPERT, RESEARCH, GAP_CHECK, GRAPH }

    private String planSource;
    private String requestedModel;
    private String profile;
    private String traceId = "";
    private CachePath cache;
    private String skill;
    private boolean internal;
    private Outcome thinking;
    private Outcome merger;
    private Outcome critic;
    private Outcome gapCheck;
    private Integer agenticRounds;
    private boolean graphCacheHit;
    private List<SearchEntry> research;
    private List<SearchEntry> researchFallback;
    private final Map<Failing, String> errors = new LinkedHashMap<>();
    private final List<ExpertEntry> experts = new ArrayList<>();
    private final List<ToolEntry> tools = new ArrayList<>();
    private final List<AttemptEntry> attempts = new ArrayList<>();
    private final Map<String, Long> stageMillis = new LinkedHashMap<>();

    /** The model id the client sent and the coding-client profile that chose the pipeline (null when none did). */
    public synchronized void requested(String modelId, String profileName) {
        requestedModel = modelId;
        profile = profileName;
    }

    /** Where the plan came from: cache, planner, fallback or planner_unavailable. */
    public synchronized void planSource(String source) {
        planSource = source;
    }

    public synchronized void cache(CachePath path) {
        cache = path;
    }

    public synchronized void skill(String name) {
        skill = name;
    }

    /** The run answered an internal front-end request (rule 12) with one small model call. */
    public synchronized void internal() {
        internal = true;
    }

    public synchronized void thinking(Outcome outcome) {
        thinking = outcome;
    }

    public synchronized void merger(Outcome outcome) {
        merger = outcome;
    }

    public synchronized void critic(Outcome outcome) {
        critic = outcome;
    }

    public synchronized void gapCheck(Outcome outcome) {
        gapCheck = outcome;
    }

    public synchronized void agenticRounds(int rounds) {
        agenticRounds = rounds;
    }

    public synchronized void graphCacheHit() {
        graphCacheHit = true;
    }

    public synchronized void research(List<SearchEntry> searches) {
        research = List.copyOf(searches);
    }

    public synchronized void researchFallback(List<SearchEntry> searches) {
        researchFallback = List.copyOf(searches);
    }

    /** The latest failure of a stage that carries on without it. */
    public synchronized void error(Failing stage, String message) {
        errors.put(stage, String.valueOf(message));
    }

    public synchronized void expert(ExpertEntry expert) {
        experts.add(expert);
    }

    public synchronized void tool(ToolEntry tool) {
        tools.add(tool);
    }

    /** A failed model call and what came next (retry, failover, giving up). */
    public synchronized void attempt(AttemptEntry attempt) {
        attempts.add(attempt);
    }

    /** The OpenTelemetry trace the run's spans belong to (empty when none is recorded). */
    public synchronized void traceId(String id) {
        traceId = id == null ? "" : id;
    }

    public synchronized void stage(String name, long millis) {
        stageMillis.merge(name, millis, Long::sum);
    }

    /** The trace as JSON, with tokens per stage taken from the run's model calls. */
    public synchronized JsonObject toJson(List<StageCall> calls) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder();
        if (requestedModel != null) {
            o.add("requested_model", requestedModel);
        }
        if (profile != null) {
            o.add("profile", profile);
        }
        if (skill != null) {
            o.add("skill", skill);
        }
        if (internal) {
            o.add("path", "internal");
        }
        if (cache != null) {
            o.add("cache", cacheJson(cache));
        }
        if (planSource != null) {
            o.add("plan_source", planSource);
        }
        if (!traceId.isEmpty()) {
            o.add("trace_id", traceId);
        }
        if (graphCacheHit) {
            o.add("graph_cache", "hit");
        }
        if (research != null) {
            o.add("research", searches(research));
        }
        if (researchFallback != null) {
            o.add("research_fallback", searches(researchFallback));
        }
        errors.forEach((stage, message) -> o.add(stage.name().toLowerCase(java.util.Locale.ROOT) + "_error", message));
        add(o, "thinking", thinking);
        add(o, "merger", merger);
        add(o, "critic", critic);
        add(o, "gap_check", gapCheck);
        if (agenticRounds != null) {
            o.add("agentic_rounds", agenticRounds);
        }
        JsonArrayBuilder expertList = Jsonp.createArrayBuilder();
        experts.forEach(e -> expertList.add(Jsonp.createObjectBuilder().add("category", e.category()).add("task", e.task())
                .add("model", e.model()).add("tier", e.tier()).add("confidence", e.confidence()).add("chars", e.chars())
                .add("failed", e.failed())));
        JsonArrayBuilder toolList = Jsonp.createArrayBuilder();
        tools.forEach(t -> toolList.add(toolJson(t)));
        if (!attempts.isEmpty()) {
            JsonArrayBuilder attemptList = Jsonp.createArrayBuilder();
            attempts.forEach(a -> attemptList.add(Jsonp.createObjectBuilder().add("stage", a.stage()).add("model", a.model())
                    .add("reason", a.reason()).add("next", a.next())));
            o.add("attempts", attemptList);
        }
        return o.add("experts", expertList).add("tools", toolList).add("stages", stagesJson(calls)).build();
    }

    private static void add(JsonObjectBuilder o, String key, Outcome outcome) {
        if (outcome != null) {
            o.add(key, outcome.text());
        }
    }

    private static JsonObject cacheJson(CachePath c) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("path", c.path());
        if (c.reason() != null) {
            o.add(c.path().equals("unavailable") ? "error" : "reason", c.reason());
        }
        if (c.entry() != null) {
            o.add("entry", c.entry());
        }
        if (c.examples() >= 0) {
            o.add("examples", c.examples());
        }
        if (c.distance() >= 0) {
            o.add("distance", c.distance());
        }
        return o.build();
    }

    private static JsonArrayBuilder searches(List<SearchEntry> searches) {
        JsonArrayBuilder a = Jsonp.createArrayBuilder();
        for (SearchEntry s : searches) {
            JsonObjectBuilder o = Jsonp.createObjectBuilder().add("query", s.query());
            if (s.category() != null) {
                o.add("category", s.category());
            }
            a.add(o.add("results", s.results()));
        }
        return a;
    }

    private static JsonObject toolJson(ToolEntry t) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("tool", t.tool() == null ? "(none)" : t.tool())
                .add("args", t.args()).add("ok", t.ok());
        if (t.result() != null) {
            o.add("result", t.result());
        }
        if (t.skipped() != null) {
            o.add("skipped", t.skipped());
        }
        if (t.stage() != null) {
            o.add("stage", t.stage());
        }
        return o.build();
    }

    private JsonArrayBuilder stagesJson(List<StageCall> calls) {
        Map<String, long[]> tokens = new LinkedHashMap<>();
        for (StageCall call : calls) {
            long[] t = tokens.computeIfAbsent(call.stage(), s -> new long[3]);
            t[0] += call.completion().usage().promptTokens();
            t[1] += call.completion().usage().completionTokens();
            t[2]++;
        }
        JsonArrayBuilder stages = Jsonp.createArrayBuilder();
        stageMillis.forEach((name, ms) -> {
            long[] t = tokens.getOrDefault(name, new long[3]);
            stages.add(Jsonp.createObjectBuilder().add("stage", name).add("ms", ms).add("model_calls", t[2])
                    .add("prompt_tokens", t[0]).add("completion_tokens", t[1]));
        });
        return stages;
    }
}
