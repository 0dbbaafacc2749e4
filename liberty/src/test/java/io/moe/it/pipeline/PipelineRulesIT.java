package io.moe.it.pipeline;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.calls;
import static io.moe.it.pipeline.Pipeline.content;
import static io.moe.it.pipeline.Pipeline.marker;
import static io.moe.it.pipeline.Pipeline.plan;
import static io.moe.it.pipeline.Pipeline.task;
import static io.moe.it.pipeline.Pipeline.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rules 2 to 8 of the spec, each forced through its branch by scripting the simulator. */
class PipelineRulesIT {

    @Test
    void aConfidentTierOneAnswerSkipsTierTwo() {
        String m = marker();
        JsonObject answer = ask("moe-orchestrator", "Describe the colour of the sky " + m);

        assertEquals(1, calls(m, "expert").stream().filter(c -> c.getString("model").equals("sim-general:8b")).count());
        assertTrue(calls(m, "expert").stream().noneMatch(c -> c.getString("model").equals("sim-general-xl:70b")),
                "tier 2 never ran after a tier-1 hoch");
        assertTrue(calls(m, "judge").isEmpty(), "one confident expert and no other source: fast path, no judge");
        JsonObject expert = trace(answer.getString("id")).getJsonArray("experts").getJsonObject(0);
        assertEquals(1, expert.getInt("tier"));
        assertEquals("hoch", expert.getString("confidence"));
    }

    @Test
    void withoutATierOneHochEveryTierTwoModelRunsAndAJudgeMerges() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add("expert", m, Json.createObjectBuilder().add("confidence", "mittel").build());
            JsonObject answer = ask("moe-orchestrator-agent", "Describe the colour of the sea " + m);

            assertEquals(1, calls(m, "expert").stream().filter(c -> c.getString("model").equals("sim-general-xl:70b")).count());
            assertEquals(1, calls(m, "judge").size(), "no expert was sure: the judge synthesises");
            assertTrue(content(answer).startsWith("Synthesised answer"), content(answer));
            List<Integer> tiers = trace(answer.getString("id")).getJsonArray("experts").getValuesAs(JsonObject.class)
                    .stream().map(e -> e.getInt("tier")).sorted().toList();
            assertEquals(List.of(1, 2), tiers);
        }
    }

    @Test
    void aMalformedPlanIsOneGeneralTaskHoldingTheInput() {
        String m = marker();
        String question = "Tell me something about " + m;
        try (var script = new Pipeline.Script()) {
            script.add("planner", m, Json.createObjectBuilder().add("content", "Sorry, I cannot produce JSON today.").build());
            JsonObject trace = trace(ask("moe-orchestrator", question).getString("id"));

            assertEquals("fallback", trace.getString("plan_source"));
            assertEquals(Json.createArrayBuilder().add(task(question, "general")).build(), trace.getJsonArray("plan"));
            assertEquals("general", calls(m, "expert").get(0).getString("category"));
        }
    }

    @Test
    void aFailingPlannerModelDegradesToOneGeneralTaskInsteadOfFailingTheRequest() {
        String m = marker();
        String question = "Tell me something about " + m;
        try (var script = new Pipeline.Script()) {
            script.add("planner", m, Json.createObjectBuilder().add("fault", "http_503").build());
            JsonObject answer = ask("moe-orchestrator", question);
            JsonObject trace = trace(answer.getString("id"));

            assertEquals("planner_unavailable", trace.getString("plan_source"));
            assertEquals(Json.createArrayBuilder().add(task(question, "general")).build(), trace.getJsonArray("plan"));
            assertTrue(content(answer).contains(m), "a general expert answered: " + content(answer));
            assertEquals(2, calls(m, "planner").size(), "a 503 is asked once more, then the pipeline goes on without a plan");
            assertEquals(List.of("retried", "gave_up"), trace.getJsonArray("attempts").getValuesAs(JsonObject.class).stream()
                    .filter(a -> a.getString("stage").equals("planner")).map(a -> a.getString("next")).toList());
        }
    }

    @Test
    void invalidPlanEntriesAreDroppedAndAToolTaskWinsOverMath() {
        String m = marker();
        String question = "What is seventeen times twenty-three " + m;
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder()
                    .add("not an object")
                    .add(Json.createObjectBuilder().add("task", "no category"))
                    .add(task("Astrology reading", "astrology"))
                    .add(task("Compute 17 * 23", "math"))
                    .add(Json.createObjectBuilder(task("Compute 17 * 23", "precision_tools")).add("mcp_tool", "calculate")
                            .add("mcp_args", Json.createObjectBuilder().add("expression", "17 * 23")))
                    .build()));
            JsonObject answer = ask("moe-orchestrator", question);
            JsonObject trace = trace(answer.getString("id"));

            assertEquals(1, trace.getJsonArray("plan").size(), trace.getJsonArray("plan").toString());
            assertEquals("precision_tools", trace.getJsonArray("plan").getJsonObject(0).getString("category"));
            JsonObject tool = trace.getJsonArray("tools").getJsonObject(0);
            assertEquals("calculate", tool.getString("tool"));
            assertTrue(tool.getBoolean("ok"));
            assertTrue(tool.getString("result").contains("391"), tool.toString());
            assertTrue(calls(m, "judge").get(0).getString("user").contains("391"), "the judge sees the exact tool result");
        }
    }

    @Test
    void theMathStageSolvesAMathTaskSymbolically() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Compute 12 * 12 + 1 for " + m, "math")).build()));
            JsonObject trace = trace(ask("moe-orchestrator", "Twelve squared plus one " + m).getString("id"));

            JsonObject math = trace.getJsonArray("tools").getValuesAs(JsonObject.class).stream()
                    .filter(t -> "math".equals(t.getString("stage", ""))).findFirst().orElseThrow();
            assertEquals("calculate", math.getString("tool"));
            assertTrue(math.getString("result").contains("145"), math.toString());
        }
    }

    @Test
    void aNiedrigExpertTriggersATargetedSearch() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add("expert", m, Json.createObjectBuilder().add("confidence", "niedrig").build());
            JsonObject answer = ask("moe-orchestrator", "Who won the regional chess cup " + m);

            assertFalse(calls(m, "search").isEmpty(), "a fallback web search ran");
            JsonObject trace = trace(answer.getString("id"));
            assertTrue(trace.containsKey("research_fallback"), trace.toString());
            assertTrue(calls(m, "judge").get(0).getString("user").contains("[1]"), "numbered sources reach the judge");
        }
    }

    @Test
    void aPlannedResearchTaskSearchesTheWebAndResearchModeListsSources() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Explain the topic " + m, "general"))
                    .add(Json.createObjectBuilder(task("Find current news", "research")).add("search_query", "latest news " + m)).build()));
            JsonObject answer = ask("moe-orchestrator-research", "What is new about " + m);

            assertTrue(calls(m, "search").stream().anyMatch(c -> c.getString("user").equals("latest news " + m)));
            String text = content(answer);
            assertTrue(text.contains("## Sources") && text.contains("[1]"), text);
            assertTrue(text.endsWith("KONFIDENZ: hoch") || text.matches("(?s).*KONFIDENZ: (hoch|mittel|niedrig)$"), text);
        }
    }

    @Test
    void theSkillDetectorMakesTheFileAskedForAndAnswersWithItsLink() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Make a presentation about tides " + m, "skill_detector")).build()));
            script.add(Json.createObjectBuilder(Pipeline.rule("expert", m)).add("match", Json.createObjectBuilder()
                    .add("role", "expert").add("category", "skill_detector").add("contains", m)).add("action", Json.createObjectBuilder()
                    .add("content", "{\"format\":\"pptx\",\"filename\":\"tides\",\"content\":\"## Tides\\n- the moon\\n## Ebb\\n- low water\"}"))
                    .build());
            JsonObject answer = ask("moe-orchestrator-agent", "Make me a presentation about tides " + m);

            java.util.regex.Matcher link = java.util.regex.Pattern.compile("/downloads/[A-Za-z0-9._-]+\\.pptx").matcher(content(answer));
            assertTrue(link.find(), content(answer));
            var download = io.moe.it.Http.getBytes(io.moe.it.ItConfig.toolsUrl() + link.group());
            assertEquals(200, download.statusCode());
            assertEquals('P', download.body()[0], "a pptx file (a zip)");
            JsonObject trace = trace(answer.getString("id"));
            assertEquals("generate_file", trace.getJsonArray("tools").getJsonObject(0).getString("tool"));
            assertEquals("skill_detector", trace.getJsonArray("experts").getJsonObject(0).getString("category"));
        }
    }

    @Test
    void aMedicalAnswerIsCheckedAndACorrectionReplacesIt() {
        String m = marker();
        String corrected = "Corrected answer for " + m + ": see a doctor before taking any medicine.";
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Is this dose safe " + m, "medical_consult")).build()));
            script.add("critic", m, Json.createObjectBuilder().add("content", "KORRIGIERT: " + corrected).build());
            JsonObject answer = ask("moe-orchestrator-agent", "Is a double dose safe " + m);

            assertEquals(1, calls(m, "critic").size());
            assertEquals(corrected, content(answer));
            assertEquals("corrected", trace(answer.getString("id")).getString("critic"));
        }
    }

    @Test
    void aConfirmedLegalAnswerStaysAsItWas() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Is this contract valid " + m, "legal_advisor")).build()));
            JsonObject answer = ask("moe-orchestrator-agent", "Is my contract valid " + m);

            assertEquals(1, calls(m, "critic").size(), "the default critic answers BESTÄTIGT");
            assertTrue(content(answer).startsWith("Expert answer (legal_advisor)"), content(answer));
            assertEquals("confirmed", trace(answer.getString("id")).getString("critic"));
        }
    }

    @Test
    void noCriticWithoutAMedicalOrLegalTask() {
        String m = marker();
        ask("moe-orchestrator", "Describe a sunset " + m);
        assertFalse(calls(m, "expert").isEmpty(), "the request reached the simulator's experts");
        assertTrue(calls(m, "critic").isEmpty());
    }

    @Test
    void thePlanModeForcesTheThinkingStep() {
        String m = marker();
        JsonObject answer = ask("moe-orchestrator-plan", "Plan a garden " + m);
        assertEquals(1, calls(m, "reasoning").size(), "four-step reasoning ran");
        assertTrue(calls(m, "judge").get(0).getString("user").contains("Reasoning trace"), "the trace leads the merger input");
        assertTrue(content(answer).startsWith("## Plan"));
    }

    @Test
    void severalTasksOrAnUnsureExpertMakeAComplexRequestThink() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Explain photosynthesis " + m, "science"))
                    .add(task("Translate the summary to French " + m, "translation")).build()));
            ask("moe-orchestrator", "Explain photosynthesis and translate the summary to French " + m);
            assertEquals(1, calls(m, "reasoning").size());
        }
    }

    @Test
    void aTrivialRequestSkipsTheThinkingStepEvenWhenUnsure() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add("expert", m, Json.createObjectBuilder().add("confidence", "niedrig").build());
            ask("moe-orchestrator", "Hi " + m);
            List<JsonObject> experts = calls(m, "expert");
            assertFalse(experts.isEmpty(), "the request reached the simulator's experts");
            assertTrue(calls(m, "reasoning").isEmpty());
        }
    }

    @Test
    void theVisionExpertGetsTheImagesAndThePlannerIsTold() {
        String m = marker();
        String body = Json.createObjectBuilder().add("model", "moe-orchestrator")
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                        .add("content", Json.createArrayBuilder()
                                .add(Json.createObjectBuilder().add("type", "text").add("text", "What is in this picture " + m))
                                .add(Json.createObjectBuilder().add("type", "image_url").add("image_url",
                                        Json.createObjectBuilder().add("url", "data:image/png;base64,iVBORw0KGgo="))))))
                .build().toString();
        assertEquals(200, io.moe.it.Http.post(Pipeline.CHAT, body, "Authorization", io.moe.it.Http.bearer(io.moe.it.ItConfig.apiKey())).statusCode());

        assertTrue(calls(m, "planner").get(0).getString("user").contains("image(s) attached"));
        JsonObject vision = calls(m, "expert").stream().filter(c -> c.getString("category").equals("vision")).findFirst().orElseThrow();
        assertTrue(vision.getBoolean("has_images"));
        assertEquals("sim-vision:32b", vision.getString("model"));
    }
}
