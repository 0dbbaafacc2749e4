package io.moe.it.pipeline;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.moe.it.pipeline.Pipeline.calls;
import static io.moe.it.pipeline.Pipeline.marker;
import static io.moe.it.pipeline.Pipeline.plan;
import static io.moe.it.pipeline.Pipeline.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 9 (agentic re-planning) and rule 3's promise that the parallel stage really runs in parallel. */
class AgenticAndParallelIT {

    @Test
    void aGapCheckThatNeedsMoreInfoStartsAnotherRoundWithAContextBlock() {
        String m = marker();
        try (var template = new Pipeline.TemplateChange(t -> Pipeline.with(t, "max_agentic_rounds", Json.createValue(1)));
             var script = new Pipeline.Script()) {
            script.add(Json.createObjectBuilder(Pipeline.rule("gap_check", m)).add("times", 1)
                    .add("action", Json.createObjectBuilder().add("content", "NEEDS_MORE_INFO: the year it was built")).build());
            String sse = Http.post(Pipeline.CHAT, Json.createObjectBuilder().add("model", "moe-orchestrator").add("stream", true)
                    .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                            .add("content", "Tell me about the old bridge " + m))).build().toString(),
                    "Authorization", Http.bearer(ItConfig.apiKey())).body();

            List<JsonObject> planners = calls(m, "planner");
            assertEquals(2, planners.size(), "planned twice: " + planners);
            assertTrue(planners.get(1).getString("user").contains("What is missing:\nthe year it was built"), planners.get(1).getString("user"));
            assertEquals(1, calls(m, "gap_check").size(), "no gap check after the last allowed round");
            assertEquals(2, calls(m, "expert").stream().filter(c -> c.getString("model").equals("sim-general:8b")).count());
            assertTrue(sse.contains("Agentic round 2 of 2"), "progress reported in the stream");
        }
    }

    @Test
    void withoutAgenticRoundsThereIsNoGapCheck() {
        String m = marker();
        Pipeline.ask("moe-orchestrator", "Tell me about the new bridge " + m);
        assertFalse(calls(m, "expert").isEmpty(), "the request reached the simulator's experts");
        assertTrue(calls(m, "gap_check").isEmpty());
    }

    @Test
    void expertsAndSearchesOfOneRequestRunAtTheSameTime() {
        String m = marker();
        long latency = 1500;
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder()
                    .add(task("Part one " + m, "general")).add(task("Part two " + m, "science"))
                    .add(task("Part three " + m, "translation")).add(task("Part four " + m, "data_analyst")).build()));
            script.add("expert", m, Json.createObjectBuilder().add("latency_ms", latency).build());
            script.add("search", m, Json.createObjectBuilder().add("latency_ms", latency).build());
            Pipeline.ask("moe-orchestrator-research", "Four parts " + m);

            List<JsonObject> experts = calls(m, "expert");
            List<JsonObject> searches = calls(m, "search");
            assertEquals(4, experts.size());
            assertTrue(searches.size() >= 2, "research mode searched several times: " + searches.size());
            // Each call is logged when it arrives and then takes at least `latency` in the simulator. Had any call
            // waited for another to finish, its logged start would be at least `latency` after the one before it.
            List<Instant> starts = java.util.stream.Stream.concat(experts.stream(), searches.stream())
                    .map(c -> Instant.parse(c.getString("at"))).sorted().toList();
            for (int i = 1; i < starts.size(); i++) {
                long gap = starts.get(i).toEpochMilli() - starts.get(i - 1).toEpochMilli();
                assertTrue(gap < latency, "call " + (i + 1) + " of " + starts.size() + " started " + gap
                        + " ms after the one before it, which was still running: they overlapped (" + starts + ")");
            }
        }
    }
}
