package io.moe.application.identity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The pickers label templates and profiles with their names; what is granted is the id in the label. */
class GrantableResourcesTest {

    @Test
    void aLabelStandsForTheIdInItsBracketsAndAnyOtherTextForItself() {
        GrantableResources.Choice team = GrantableResources.Choice.named("Code review (team)", "tmpl-0a1b2c");
        assertEquals("Code review (team) (tmpl-0a1b2c)", team.label());
        assertEquals("tmpl-0a1b2c", GrantableResources.Choice.idOf(team.label()));
        assertEquals("profile-ff00", GrantableResources.Choice.idOf(" coder (profile-ff00) "));
        assertEquals("tmpl-0a1b2c", GrantableResources.Choice.idOf("tmpl-0a1b2c"));
        assertEquals("moe_orchestrated", GrantableResources.Choice.idOf("moe_orchestrated"));
        assertEquals("qwen2.5:14b (gpu1)", GrantableResources.Choice.idOf("qwen2.5:14b (gpu1)"), "only template and profile ids are read out");
        assertNull(GrantableResources.Choice.idOf(null));
    }
}
