package io.moe.domain.template;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each rule of the template schema refuses a template with a message that starts with the field at fault. */
class TemplateSchemaTest {

    private static final String VALID = """
            {"name":"t","planner_model":"p:7b@gpu1","judge_model":"j:32b@gpu1",
             "experts":{"general":{"models":[{"model":"g:8b","endpoint":"gpu1"}]},
                        "code":{"system_prompt":"You review code.","models":[
                          {"model":"a:7b","endpoint":"gpu1","role":"primary"},{"model":"b:70b","endpoint":"gpu1","role":"fallback"}]}}}
            """;

    private static JsonObject valid() {
        return Json.createReader(new StringReader(VALID)).readObject();
    }

    /** The valid template with {@code value} (JSON) put at the slash-separated {@code path}. */
    private static JsonObject with(String path, String value) {
        return (JsonObject) put(valid(), path.split("/"), 0, Json.createReader(new StringReader("[" + value + "]")).readArray().get(0));
    }

    private static jakarta.json.JsonValue put(jakarta.json.JsonValue node, String[] path, int i, jakarta.json.JsonValue value) {
        if (i == path.length) {
            return value;
        }
        if (node instanceof jakarta.json.JsonArray array) {
            int index = Integer.parseInt(path[i]);
            var b = Json.createArrayBuilder(array);
            return b.set(index, put(array.get(index), path, i + 1, value)).build();
        }
        JsonObject o = node instanceof JsonObject obj ? obj : JsonObject.EMPTY_JSON_OBJECT;
        return Json.createObjectBuilder(o).add(path[i], put(o.get(path[i]), path, i + 1, value)).build();
    }

    @Test
    void theExampleIsValid() {
        assertEquals("t", ExpertTemplate.fromJson(valid()).name());
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "experts/code/models/1/role | \"secondary\" | experts.code.models[1].role: must be one of always, primary, fallback",
            "experts/code/models/1/tier | 3 | experts.code.models[1].tier",
            "experts/code/models/1/tier | \"1\" | experts.code.models[1].tier",
            "experts/code/models/0/model | \"\" | experts.code.models[0].model",
            "experts/code/models/0/model | \"a:7b@gpu1\" | experts.code.models[0].model",
            "experts/code/models/0/endpoint | \"\" | experts.code.models[0].endpoint",
            "experts/code/models/0/required | \"yes\" | experts.code.models[0].required",
            "experts/code/models/0/required | true | experts.code.models[0].required",
            "experts/code/models/0/color | \"red\" | experts.code.models[0].color",
            "experts/code/models/0 | \"a:7b@gpu1\" | experts.code.models[0]",
            "experts/code/models | {} | experts.code.models",
            "experts/code/system_prompt | 5 | experts.code.system_prompt",
            "experts/code | [] | experts.code",
            "experts/bad category | {\"models\":[]} | experts.bad category",
            "experts | [] | experts",
            "experts | {} | experts",
            "experts | {\"general\":{\"models\":[]},\"code\":{\"models\":[]}} | experts",
            "name | \"\" | name",
            "name | \" padded\" | name",
            "name | 7 | name",
            "planner_model | \"no-server\" | planner_model",
            "judge_model | \"j:32b@\" | judge_model",
            "cost_factor | 0 | cost_factor",
            "cost_factor | 1001 | cost_factor",
            "cost_factor | \"2\" | cost_factor",
            "enable_cache | \"true\" | enable_cache",
            "force_think | 1 | force_think",
            "max_agentic_rounds | 11 | max_agentic_rounds",
            "max_agentic_rounds | -1 | max_agentic_rounds",
            "history_max_turns | 0 | history_max_turns",
            "history_max_chars | 1000001 | history_max_chars",
            "max_tokens | 5 | max_tokens",
            "max_tokens/critic | 100 | max_tokens.critic",
            "max_tokens/expert | 32769 | max_tokens.expert",
            "timeout_seconds/planner | 0 | timeout_seconds.planner",
            "timeout_seconds/judge | 3601 | timeout_seconds.judge",
            "enable_cahce | true | enable_cahce",
    })
    void aBrokenRuleIsRefusedNamingTheField(String path, String value, String expected) {
        InvalidTemplateException e = assertThrows(InvalidTemplateException.class, () -> ExpertTemplate.fromJson(with(path, value)));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertTrue(expected.startsWith(e.field()), e.field() + " vs " + expected);
    }

    @Test
    void everySizeIsBounded() {
        assertRefused(with("name", "\"" + "n".repeat(TemplateSchema.MAX_NAME + 1) + "\""), "name");
        assertRefused(with("description", "\"" + "d".repeat(TemplateSchema.MAX_DESCRIPTION + 1) + "\""), "description");
        assertRefused(with("planner_prompt", "\"" + "p".repeat(TemplateSchema.MAX_PROMPT + 1) + "\""), "planner_prompt");
        assertRefused(with("experts/code/system_prompt", "\"" + "p".repeat(TemplateSchema.MAX_PROMPT + 1) + "\""),
                "experts.code.system_prompt");
        var models = Json.createArrayBuilder();
        for (int i = 0; i <= TemplateSchema.MAX_MODELS; i++) {
            models.add(Json.createObjectBuilder().add("model", "m" + i).add("endpoint", "gpu1"));
        }
        assertRefused(with("experts/code/models", models.build().toString()), "experts.code.models");
        var experts = Json.createObjectBuilder();
        for (int i = 0; i <= TemplateSchema.MAX_CATEGORIES; i++) {
            experts.add("c" + i, Json.createObjectBuilder().add("models", Json.createArrayBuilder()));
        }
        assertRefused(with("experts", experts.build().toString()), "experts");
    }

    @Test
    void anItemOfTheOriginalSystemReadsRequiredAsAlwaysAndEmptyStringsAsUnset() {
        ExpertTemplate t = ExpertTemplate.parse("""
                {"name":"legacy","description":"","planner_prompt":"","judge_prompt":"","planner_model":"","judge_model":"",
                 "experts":{"code_reviewer":{"system_prompt":"","models":[
                   {"model":"qwen2.5-coder:32b","endpoint":"gpu1","required":true},
                   {"model":"phi4:14b","endpoint":"gpu1","required":false}]}}}
                """);
        assertEquals(null, t.plannerModel());
        assertEquals(null, t.plannerPrompt());
        assertEquals(null, t.expert("code_reviewer").orElseThrow().systemPrompt());
        assertEquals(ExpertRole.ALWAYS, t.expert("code_reviewer").orElseThrow().models().get(0).role());
        assertEquals(ExpertRole.PRIMARY, t.expert("code_reviewer").orElseThrow().models().get(1).role());
    }

    @Test
    void readOnlyFieldsOfAStoredTemplateAreIgnored() {
        JsonObject listed = Json.createObjectBuilder(valid()).add("id", "abc").add("is_active", true)
                .add("created_at", "2026-01-01T00:00:00Z").add("updated_at", "2026-01-01T00:00:00Z").build();
        assertEquals(ExpertTemplate.fromJson(valid()), ExpertTemplate.fromJson(listed));
    }

    @Test
    void anImportPathIsPutBeforeTheField() {
        InvalidTemplateException e = assertThrows(InvalidTemplateException.class,
                () -> ExpertTemplate.fromJson(with("experts/code/models/1/role", "\"x\"")));
        InvalidTemplateException under = e.under("items[2]");
        assertEquals("items[2].experts.code.models[1].role", under.field());
        assertEquals("items[2].experts.code.models[1].role: must be one of always, primary, fallback", under.getMessage());
    }

    private static void assertRefused(JsonObject item, String field) {
        InvalidTemplateException e = assertThrows(InvalidTemplateException.class, () -> ExpertTemplate.fromJson(item));
        assertEquals(field, e.field(), e.getMessage());
    }
}
