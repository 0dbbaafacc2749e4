package io.moe.application.profile;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.ProfileMode;
import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an own profile may run with: the grants of its models, and of the mode when it runs on the default template. */
class OwnProfileGrantsTest {

    private final UserProfiles own = new UserProfiles();

    @Test
    void aPipelineModeOnTheDefaultTemplateNeedsTheModesGrantAsTheChatRouteDoes() {
        CcProfile reasoning = profile(ProfileMode.MOE_REASONING);
        ProfileRefusedException refused = assertThrows(ProfileRefusedException.class,
                () -> own.allowed(caller(Map.of()), reasoning, "profile."));
        assertEquals(Kind.FORBIDDEN, refused.kind());
        assertEquals("permission_denied", refused.code());
        assertTrue(refused.getMessage().contains("moe_mode permission 'moe_reasoning'"), refused.getMessage());
        assertThrows(ProfileRefusedException.class, () -> own.allowed(caller(Map.of(ResourceType.MOE_MODE, Set.of("moe_orchestrated"))),
                reasoning, ""), "the other mode's grant is not this one's");
        assertSame(reasoning, own.allowed(caller(Map.of(ResourceType.MOE_MODE, Set.of("moe_reasoning"))), reasoning, ""));
        CcProfile orchestrated = profile(ProfileMode.MOE_ORCHESTRATED);
        assertSame(orchestrated, own.allowed(caller(Map.of(ResourceType.MOE_MODE, Set.of("moe_orchestrated"))), orchestrated, ""));
    }

    @Test
    void aNativeProfileNeedsItsModelsGrantsAndTheNativeModeGrant() {
        CcProfile direct = profile(ProfileMode.NATIVE);
        assertSame(direct, own.allowed(caller(Map.of(ResourceType.MOE_MODE, Set.of("native"))), direct, ""));
        ProfileRefusedException noMode = assertThrows(ProfileRefusedException.class, () -> own.allowed(caller(Map.of()), direct, ""),
                "the model grants alone serve own templates, not direct calls");
        assertEquals("permission_denied", noMode.code());
        assertEquals("moe_mode", noMode.field());
        assertEquals("model_endpoint_not_granted", assertThrows(ProfileRefusedException.class, () -> own.allowed(
                new Caller("user-1", "alice", "key-1", false, Map.of(ResourceType.MOE_MODE, Set.of("native")), Limits.NONE), direct, "")).code());
    }

    /** A user holding the tool model's grant, and {@code more}. */
    private static Caller caller(Map<ResourceType, Set<String>> more) {
        Map<ResourceType, Set<String>> grants = new HashMap<>(more);
        grants.put(ResourceType.MODEL_ENDPOINT, Set.of("sim-coder:7b@local"));
        return new Caller("user-1", "alice", "key-1", false, grants, Limits.NONE);
    }

    private static CcProfile profile(ProfileMode mode) {
        return new CcProfile("mine", List.of("claude-sonnet-4-5"), "sim-coder:7b", "local", mode, CcProfile.TOOL_CHOICE_AUTO,
                CcProfile.DEFAULT_TOOL_MAX_TOKENS, CcProfile.DEFAULT_REASONING_MAX_TOKENS, null, true, null, null);
    }
}
