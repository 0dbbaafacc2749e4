package io.moe.application.profile;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileMode;
import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which profile a messages request runs with, for a caller with bindings and grants. */
class ProfileResolverTest {

    private final MemoryProfileRepository repository = new MemoryProfileRepository();
    private final ProfileResolver resolver = new ProfileResolver();
    private final CcProfileRecord fast = repository.add("a-fast", ProfileMode.NATIVE, "claude-haiku-4-5", "claude-sonnet-4-5");
    private final CcProfileRecord deep = repository.add("b-deep", ProfileMode.MOE_ORCHESTRATED, "claude-opus-4-1", "claude-sonnet-4-5");

    ProfileResolverTest() {
        resolver.profiles = repository;
    }

    @Test
    void aGrantedCallerIsAnsweredByTheFirstProfileByNameThatAcceptsTheModel() {
        Caller caller = granted(fast, deep);
        assertEquals("a-fast", resolver.resolve(caller, "claude-haiku-4-5").name());
        assertEquals("b-deep", resolver.resolve(caller, "claude-opus-4-1").name(), "a later profile accepting the model");
        assertEquals("a-fast", resolver.resolve(caller, "claude-sonnet-4-5").name(), "both accept it: the first by name");
        assertEquals(List.of("claude-haiku-4-5", "claude-sonnet-4-5", "claude-opus-4-1"), resolver.acceptedModels(caller));
    }

    @Test
    void aModelNoUsableProfileAcceptsIsRefusedListingTheProfilesAndTheirIds() {
        ProfileRefusedException refused = assertThrows(ProfileRefusedException.class,
                () -> resolver.resolve(granted(fast, deep), "gpt-4"));
        assertEquals(Kind.NOT_FOUND, refused.kind());
        assertTrue(refused.getMessage().contains("'a-fast', 'b-deep'") && refused.getMessage().contains("claude-opus-4-1"), refused.getMessage());
        ProfileRefusedException one = assertThrows(ProfileRefusedException.class, () -> resolver.resolve(granted(deep), "claude-haiku-4-5"));
        assertTrue(one.getMessage().contains("profile 'b-deep'; it accepts [claude-opus-4-1, claude-sonnet-4-5]"), one.getMessage());
    }

    @Test
    void aRefusalRepeatsAtMostTheBeginningOfTheModelIdWithoutControlCharacters() {
        String id = "x\u0000" + "y".repeat(10_000);
        String message = assertThrows(ProfileRefusedException.class, () -> resolver.resolve(granted(fast), id)).getMessage();
        assertTrue(message.startsWith("model 'x?" + "y".repeat(ProfileResolver.ECHOED - 2) + "' is not accepted"), message);
        assertTrue(message.length() < ProfileResolver.ECHOED + 200, "the id is cut, the accepted ids still listed: " + message);
    }

    @Test
    void aProfileBoundToTheKeyOrChosenAsTheDefaultDecidesAlone() {
        Caller caller = granted(fast, deep);
        repository.keyBindings.put(caller.apiKeyId(), deep.id());
        assertEquals(Kind.NOT_FOUND, assertThrows(ProfileRefusedException.class, () -> resolver.resolve(caller, "claude-haiku-4-5")).kind(),
                "the key's profile does not accept it, though a granted one does");
        assertEquals(List.of("claude-opus-4-1", "claude-sonnet-4-5"), resolver.acceptedModels(caller));
        repository.keyBindings.clear();
        repository.defaults.put(caller.userId(), deep.id());
        assertEquals("b-deep", resolver.resolve(caller, "claude-sonnet-4-5").name(), "the default before the first granted");
    }

    @Test
    void inactiveAndUngrantedProfilesAreNotUsedAndNoneLeftIsForbidden() {
        deep.toggle();
        assertEquals(Kind.NOT_FOUND, assertThrows(ProfileRefusedException.class,
                () -> resolver.resolve(granted(fast, deep), "claude-opus-4-1")).kind());
        assertEquals(Kind.FORBIDDEN, assertThrows(ProfileRefusedException.class, () -> resolver.resolve(granted(deep), "claude-opus-4-1")).kind());
        assertEquals(Kind.FORBIDDEN, assertThrows(ProfileRefusedException.class, () -> resolver.usable(granted())).kind());
    }

    private static Caller granted(CcProfileRecord... profiles) {
        Set<String> grants = Arrays.stream(profiles).map(CcProfileRecord::grant).collect(Collectors.toSet());
        return new Caller("user-1", "alice", "key-1", false, Map.of(ResourceType.CC_PROFILE, grants), Limits.NONE);
    }
}
