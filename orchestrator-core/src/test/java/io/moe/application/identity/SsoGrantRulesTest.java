package io.moe.application.identity;

import io.moe.application.identity.SsoGrantRules.Grant;
import io.moe.domain.identity.ResourceType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SsoGrantRulesTest {

    @Test
    void defaultsAndGroupRulesAreRead() {
        SsoGrantRules rules = SsoGrantRules.parse("moe_mode:moe_orchestrated, model_endpoint:*@local",
                "staff=moe_mode:moe_reasoning; ml-team = expert model_endpoint:*@gpu");
        assertEquals(List.of(new Grant(ResourceType.MOE_MODE, "moe_orchestrated"), new Grant(ResourceType.MODEL_ENDPOINT, "*@local")),
                rules.defaults());
        List<SsoGrantRules.GroupRule> both = rules.rulesOf(List.of("ml-team", "staff", "nobody"));
        assertEquals(2, both.size());
        assertTrue(both.get(0).expert());
        assertEquals(List.of(new Grant(ResourceType.MODEL_ENDPOINT, "*@gpu")), both.get(0).grants());
        assertFalse(both.get(1).expert());
        assertEquals(List.of(), rules.problems());
    }

    @Test
    void nothingConfiguredGrantsNothing() {
        SsoGrantRules rules = SsoGrantRules.parse(null, "");
        assertEquals(List.of(), rules.defaults());
        assertEquals(List.of(), rules.rulesOf(List.of("staff")));
    }

    @Test
    void badEntriesAreLeftOutAndReported() {
        SsoGrantRules rules = SsoGrantRules.parse("moe_mode:moe_orchestrated wizard:all", "no-equals-sign; staff=moe_mode:nope");
        assertEquals(1, rules.defaults().size());
        assertEquals(3, rules.problems().size(), rules.problems().toString());
        assertTrue(rules.problems().get(0).contains("wizard:all"));
    }
}
