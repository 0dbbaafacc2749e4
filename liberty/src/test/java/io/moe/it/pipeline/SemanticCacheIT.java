package io.moe.it.pipeline;

import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.calls;
import static io.moe.it.pipeline.Pipeline.content;
import static io.moe.it.pipeline.Pipeline.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 1: hard and soft hits by distance, flagged entries, and scoping by template and mode. */
class SemanticCacheIT {

    /** Random topic words that keep this run's questions away from those stored by earlier runs. */
    static String topic() {
        return "(" + io.moe.it.Phrases.words(3) + ") ";
    }

    /** Asks and waits until the answer is stored (its trace exists once the after-answer work is done). */
    static JsonObject askAndStore(String model, String question) {
        JsonObject answer = ask(model, question);
        trace(answer.getString("id"));
        return answer;
    }

    static JsonObject cachePath(JsonObject answer) {
        return trace(answer.getString("id")).getJsonObject("cache");
    }

    @Test
    void aParaphraseIsAHardHitThatSkipsThePipeline() {
        String city = Pipeline.word();
        String topic = topic();
        JsonObject first = askAndStore("moe-orchestrator", topic + "What is the capital city of the country " + city + "?");
        JsonObject again = ask("moe-orchestrator", topic + "what is the capital city of the country " + city);

        JsonObject cache = cachePath(again);
        assertEquals("hard", cache.getString("path"), cache.toString());
        assertTrue(cache.getJsonNumber("distance").doubleValue() < 0.15);
        assertEquals(content(first), content(again), "the cached answer is returned");
        assertEquals(0, again.getJsonObject("usage").getInt("total_tokens"), "no model was called");
        JsonObject paraphrase = ask("moe-orchestrator", topic + "Which city is the capital of the country " + city + "?");
        assertEquals("hard", cachePath(paraphrase).getString("path"), cachePath(paraphrase).toString());
        assertEquals(content(first), content(paraphrase));
    }

    @Test
    void aRelatedQuestionIsASoftHitWithExamplesForTheExperts() {
        String name = Pipeline.word();
        String topic = topic();
        askAndStore("moe-orchestrator", topic + "How do I repot an orchid called " + name + " without damaging its roots?");
        JsonObject related = ask("moe-orchestrator", topic + "When should I fertilise my orchid called " + name + "?");

        JsonObject cache = cachePath(related);
        assertEquals("soft", cache.getString("path"), cache.toString());
        double distance = cache.getJsonNumber("distance").doubleValue();
        assertTrue(distance >= 0.15 && distance <= 0.5, "soft range: " + distance);
        String expertInput = calls("fertilise my orchid called " + name, "expert").get(0).getString("user");
        assertTrue(expertInput.contains("A similar question answered earlier"), expertInput);
    }

    @Test
    void anUnrelatedQuestionIsAMiss() {
        String scope = "it-scope-" + Pipeline.word();
        try (var template = new Pipeline.TemplateChange(t -> Pipeline.with(t, "name", Json.createValue(scope)))) {
            askAndStore("moe-orchestrator", "How do volcanoes on the island of " + Pipeline.word() + " form?");
            JsonObject other = ask("moe-orchestrator", "Write a limerick about a cat who loves " + Pipeline.word() + " jazz");
            JsonObject cache = cachePath(other);
            assertEquals("miss", cache.getString("path"), cache.toString());
            assertTrue(cache.getJsonNumber("distance").doubleValue() > 0.5, cache.toString());
        }
    }

    @Test
    void aFlaggedEntryIsNotServed() {
        String town = Pipeline.word();
        String question = topic() + "Which river flows through the town of " + town + "?";
        JsonObject first;
        try (var script = new Pipeline.Script()) {
            // creative_writer: a category no other test rates, so this low rating moves no other test's model
            script.add(Pipeline.plan(town, Json.createArrayBuilder().add(Pipeline.task("Name the river " + town, "creative_writer")).build()));
            first = askAndStore("moe-orchestrator", question);
        }
        assertEquals("hard", cachePath(ask("moe-orchestrator", question)).getString("path"),
                "before the rating the entry is served, so the cache is up and holds it");
        assertEquals(200, FeedbackIT.rate(first.getString("id"), 1, null, ItConfig.apiKey()).statusCode());

        JsonObject again = ask("moe-orchestrator", question);
        assertTrue(again.getJsonObject("usage").getInt("total_tokens") > 0, "answered by the pipeline again");
        JsonObject cache = cachePath(again);
        assertNotEquals("hard", cache.getString("path"), "the flagged entry is ignored");
        assertTrue(List.of("miss", "soft").contains(cache.getString("path")), "the cache was asked: " + cache);
    }

    @Test
    void anotherModeOrTemplateDoesNotSeeTheEntry() {
        String question = topic() + "How many moons does the planet " + Pipeline.word() + " have?";
        askAndStore("moe-orchestrator", question);
        assertNotEquals("hard", cachePath(ask("moe-orchestrator-concise", question)).getString("path"), "scoped by mode");
        try (var template = new Pipeline.TemplateChange(t -> Pipeline.with(t, "name", Json.createValue("it-other-template")))) {
            assertNotEquals("hard", cachePath(ask("moe-orchestrator", question)).getString("path"), "scoped by template");
        }
        assertEquals("hard", cachePath(ask("moe-orchestrator", question)).getString("path"), "still there for its own scope");
    }
}
