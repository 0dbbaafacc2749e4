package io.moe.domain.template;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpertTemplateTest {

    static String builtIn() {
        try (InputStream in = ExpertTemplateTest.class.getResourceAsStream("/templates/default-template.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theBuiltInTemplatePointsEveryRoleAtTheLocalServer() {
        ExpertTemplate template = ExpertTemplate.parse(builtIn());
        assertEquals("default", template.name());
        assertEquals("local", template.plannerModel().endpoint());
        assertEquals("local", template.judgeModel().endpoint());
        ExpertConfig general = template.expert("general").orElseThrow();
        assertEquals("local", general.models().get(0).ref().endpoint());
        assertEquals(12, template.experts().size());
        assertTrue(template.serverMentions().stream().allMatch(m -> m.server().equals("local")));
    }

    @Test
    void theBuiltInTemplateSaysTheRoleOfEachModel() {
        ExpertConfig general = ExpertTemplate.parse(builtIn()).expert("general").orElseThrow();
        assertEquals(ExpertRole.PRIMARY, general.models().get(0).role());
        assertEquals(1, general.models().get(0).tier());
        assertEquals(ExpertRole.FALLBACK, general.models().get(1).role());
        assertEquals(2, general.models().get(1).tier());
    }

    @Test
    void aModelGivenNoRoleTakesTheTierItsParameterCountImplies() {
        ExpertTemplate t = ExpertTemplate.parse("""
                {"name":"sizes","experts":{"general":{"models":[{"model":"qwen2.5:14b","endpoint":"gpu1"},
                 {"model":"qwen2.5:72b","endpoint":"gpu1"},{"model":"llama3","endpoint":"gpu1"},
                 {"model":"llama3.1:20b","endpoint":"gpu1","required":false},{"model":"deepseek-r1:32b-qwen-distill","endpoint":"gpu1"},
                 {"model":"qwen2.5:72b","endpoint":"gpu2","required":true},{"model":"qwen2.5:72b","endpoint":"gpu3","role":"primary"}]}}}
                """);
        List<ExpertModel> models = t.expert("general").orElseThrow().models();
        assertEquals(List.of(ExpertRole.PRIMARY, ExpertRole.FALLBACK, ExpertRole.PRIMARY, ExpertRole.PRIMARY,
                ExpertRole.FALLBACK, ExpertRole.ALWAYS, ExpertRole.PRIMARY), models.stream().map(ExpertModel::role).toList());
        assertEquals(List.of(1, 2, 1, 1, 2, 1, 1), models.stream().map(ExpertModel::tier).toList());
    }

    @Test
    void theBuiltInTemplatePutsItsLargeReasoningAndVisionModelsInTierTwo() {
        ExpertTemplate t = ExpertTemplate.parse(builtIn());
        assertEquals(2, t.expert("reasoning").orElseThrow().models().get(0).tier());
        assertEquals(2, t.expert("vision").orElseThrow().models().get(0).tier());
    }

    @Test
    void aReasoningModelReplacesTheReasoningCategorysModelsAndNothingElse() {
        ExpertTemplate t = ExpertTemplate.parse(builtIn());
        ExpertTemplate thinking = t.withReasoningModel(ModelRef.parse("deepseek-r1:8b@gpu2"));
        List<ExpertModel> reasoning = thinking.expert("reasoning").orElseThrow().models();
        assertEquals(1, reasoning.size());
        assertEquals("deepseek-r1:8b@gpu2", reasoning.get(0).ref().toString());
        assertEquals(1, reasoning.get(0).tier(), "8b: tier 1");
        assertEquals(t.expert("general"), thinking.expert("general"));
        assertEquals(t.name(), thinking.name());
        assertEquals(t.judgeModel(), thinking.judgeModel());
    }

    @Test
    void unsetSettingsTakeTheirDocumentedDefaults() {
        ExpertTemplate t = ExpertTemplate.parse("{\"name\":\"x\",\"experts\":{\"general\":{\"models\":"
                + "[{\"model\":\"m:7b\",\"endpoint\":\"local\"}]}}}");
        assertEquals(1.0, t.costFactor());
        assertTrue(t.enableCache());
        assertTrue(t.enableGraphrag());
        assertTrue(t.enableWebResearch());
        assertFalse(t.forceThink());
        assertFalse(t.forceEnsemble());
        assertEquals(0, t.maxAgenticRounds());
        assertEquals(Optional.of(Duration.ofSeconds(300)), t.timeout(StageRole.PLANNER));
        assertEquals(Optional.empty(), t.timeout(StageRole.EXPERT));
        assertEquals(OptionalInt.empty(), t.maxTokens(StageRole.JUDGE));
        assertEquals(OptionalInt.empty(), t.historyMaxTurns());
        assertEquals(ExpertRole.PRIMARY, t.expert("general").orElseThrow().models().get(0).role());
    }

    @Test
    void everySettingIsRead() {
        ExpertTemplate t = ExpertTemplate.parse("""
                {"name":"full","description":"d","planner_model":"p:7b@gpu1","planner_prompt":"plan","judge_model":"j:32b@gpu1",
                 "judge_prompt":"judge","cost_factor":2.5,"enable_cache":false,"enable_graphrag":false,"enable_web_research":false,
                 "force_think":true,"force_ensemble":true,"max_agentic_rounds":3,"history_max_turns":10,"history_max_chars":20000,
                 "max_tokens":{"planner":512,"expert":2048,"judge":4096},"timeout_seconds":{"planner":60,"expert":120,"judge":240},
                 "experts":{"code":{"system_prompt":"You review code.","models":[
                   {"model":"a:7b","endpoint":"gpu1","role":"always"},{"model":"b:70b","endpoint":"gpu1","role":"fallback","tier":1}]}}}
                """);
        assertEquals(2.5, t.costFactor());
        assertFalse(t.enableCache());
        assertTrue(t.forceEnsemble());
        assertEquals(3, t.maxAgenticRounds());
        assertEquals(OptionalInt.of(10), t.historyMaxTurns());
        assertEquals(OptionalInt.of(20000), t.historyMaxChars());
        assertEquals(OptionalInt.of(2048), t.maxTokens(StageRole.EXPERT));
        assertEquals(Optional.of(Duration.ofSeconds(60)), t.timeout(StageRole.PLANNER));
        assertEquals(Optional.of(Duration.ofSeconds(240)), t.timeout(StageRole.JUDGE));
        ExpertModel always = t.expert("code").orElseThrow().models().get(0);
        assertTrue(always.required());
        ExpertModel fallback = t.expert("code").orElseThrow().models().get(1);
        assertFalse(fallback.required());
        assertEquals(OptionalInt.of(1), fallback.tierOverride());
        assertEquals(1, fallback.tier());
    }

    @Test
    void theCanonicalItemReadsBackAsTheSameTemplate() {
        ExpertTemplate t = ExpertTemplate.parse(builtIn());
        ExpertTemplate again = ExpertTemplate.fromJson(t.toJson());
        assertEquals(t, again);
        assertEquals(t.toJson(), again.toJson());
        assertTrue(t.toJson().getJsonObject("experts").getJsonObject("general").getJsonArray("models")
                .getJsonObject(0).containsKey("required"), "exports carry required for the original system");
    }

    @Test
    void namesTheMissingPart() {
        InvalidTemplateException e = assertThrows(InvalidTemplateException.class,
                () -> ExpertTemplate.parse("{\"name\":\"x\"}"));
        assertEquals("experts", e.field());
        assertThrows(InvalidTemplateException.class, () -> ExpertTemplate.parse("[1,2]"));
        assertThrows(InvalidTemplateException.class, () -> ExpertTemplate.parse("{not json"));
    }
}
