package io.moe.domain.profile;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cc_profile item: defaults, every field checked, and the canonical item read back unchanged. */
class ProfileSchemaTest {

    static final String VALID = "{'name':'coder','accepted_models':['claude-sonnet-4-5'],'tool_model':'qwen2.5-coder:32b',"
            + "'tool_endpoint':'gpu1','moe_mode':'native'}";

    static String json(String s) {
        return s.replace('\'', '"');
    }

    @Test
    void theSpecsDefaultsApply() {
        CcProfile p = ProfileSchema.parse(json(VALID));
        assertEquals("auto", p.toolChoice());
        assertEquals(8192, p.toolMaxTokens());
        assertEquals(16384, p.reasoningMaxTokens());
        assertTrue(p.streamThink());
        assertNull(p.systemPromptPrefix());
        assertEquals(ProfileMode.NATIVE, p.mode());
        assertEquals("qwen2.5-coder:32b@gpu1", p.toolModelRef().toString());
    }

    @Test
    void theCanonicalItemReadsBackUnchanged() {
        CcProfile p = ProfileSchema.parse(json(VALID.replace("}", ",'tool_choice':'required','reasoning_model':'r:1b',"
                + "'system_prompt_prefix':'Be careful.','stream_think':false,'expert_template':'default','moe_mode':'moe_reasoning'}")
                .replace("'moe_mode':'native',", "")));
        assertEquals(p, ProfileSchema.fromJson(p.toJson()));
        assertEquals(ProfileMode.MOE_REASONING, p.mode());
    }

    @Test
    void theReasoningModelIsOnItsOwnServerOrTheToolServer() {
        assertEquals("deepseek-r1:32b@gpu2", ProfileSchema.parse(json(VALID.replace("}", ",'reasoning_model':'deepseek-r1:32b@gpu2'}")))
                .reasoningModelRef().orElseThrow().toString());
        assertEquals("deepseek-r1:32b@gpu1", ProfileSchema.parse(json(VALID.replace("}", ",'reasoning_model':'deepseek-r1:32b'}")))
                .reasoningModelRef().orElseThrow().toString());
        assertTrue(ProfileSchema.parse(json(VALID)).reasoningModelRef().isEmpty());
    }

    @Test
    void everyFieldIsChecked() {
        String[][] cases = {
                {VALID.replace("'name':'coder',", ""), "name"},
                {VALID.replace("['claude-sonnet-4-5']", "[]"), "accepted_models"},
                {VALID.replace("['claude-sonnet-4-5']", "['ok', 'bad id']"), "accepted_models[1]"},
                {VALID.replace("qwen2.5-coder:32b", "m@gpu1"), "tool_model"},
                {VALID.replace("gpu1", "GPU 1"), "tool_endpoint"},
                {VALID.replace("native", "turbo"), "moe_mode"},
                {VALID.replace("}", ",'tool_choice':'any'}"), "tool_choice"},
                {VALID.replace("}", ",'tool_max_tokens':0}"), "tool_max_tokens"},
                {VALID.replace("}", ",'reasoning_max_tokens':1.5}"), "reasoning_max_tokens"},
                {VALID.replace("}", ",'stream_think':'yes'}"), "stream_think"},
                {VALID.replace("}", ",'system_prompt_prefix':'" + "x".repeat(20_001) + "'}"), "system_prompt_prefix"},
                {VALID.replace("}", ",'reasoning_model':'r1 big@gpu1'}"), "reasoning_model"},
                {VALID.replace("}", ",'reasoning_model':'r1@GPU'}"), "reasoning_model"},
                // control characters: ModelRef refuses them, so the schema must say so first (a 500 otherwise)
                {VALID.replace("}", ",'reasoning_model':'qwen\\u007f:7b@gpu1'}"), "reasoning_model"},
                {VALID.replace("}", ",'reasoning_model':'qwen\\u0001:7b'}"), "reasoning_model"},
                {VALID.replace("qwen2.5-coder:32b", "qwen\\u001bcoder"), "tool_model"},
        };
        for (String[] c : cases) {
            InvalidProfileException e = assertThrows(InvalidProfileException.class, () -> ProfileSchema.parse(json(c[0])), c[1]);
            assertEquals(c[1], e.field(), e.getMessage());
        }
        assertEquals("items[3].moe_mode", new InvalidProfileException("moe_mode", "bad").under("items[3]").field());
    }
}
