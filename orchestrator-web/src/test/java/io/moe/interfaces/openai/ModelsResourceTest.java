package io.moe.interfaces.openai;

import io.moe.application.profile.ProfileRefusedException;
import io.moe.application.profile.ProfileResolver;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The model list in the messages API's shape, as coding clients page through it. */
class ModelsResourceTest {

    @Test
    void aListNamesItsFirstAndLastModel() {
        JsonObject list = ModelsResource.codingList(List.of("claude-sonnet-4", "claude-opus-4"));
        assertEquals("claude-sonnet-4", list.getString("first_id"));
        assertEquals("claude-opus-4", list.getString("last_id"));
        assertEquals(false, list.getBoolean("has_more"));
    }

    @Test
    void aKeyWithoutAProfileSeesTheDefaultIdsAndAKeyWhoseProfileIsRefusedIsToldWhy() {
        ModelsResource models = new ModelsResource();
        models.codingModels = List.of("claude-sonnet-4-5");
        Caller caller = new Caller("u", "alice", "k", false, Map.of(), Limits.NONE);
        models.profiles = refusing(new ProfileRefusedException(Kind.FORBIDDEN, ProfileResolver.NO_PROFILE, null, "none"));
        assertEquals(List.of("claude-sonnet-4-5"), models.accepted(caller));
        ProfileRefusedException revoked = new ProfileRefusedException(Kind.FORBIDDEN, "model_endpoint_not_granted", "tool_model", "no grant");
        models.profiles = refusing(revoked);
        assertSame(revoked, assertThrows(ProfileRefusedException.class, () -> models.accepted(caller)),
                "not ids every message of this key would refuse");
    }

    private static ProfileResolver refusing(ProfileRefusedException refusal) {
        return new ProfileResolver() {
            @Override
            public List<String> acceptedModels(Caller caller) {
                throw refusal;
            }
        };
    }

    @Test
    void anEmptyListHasNullEndsAsTheMessagesApiAnswersThem() {
        JsonObject list = ModelsResource.codingList(List.of());
        assertEquals(JsonValue.NULL, list.get("first_id"));
        assertEquals(JsonValue.NULL, list.get("last_id"));
        assertEquals(0, list.getJsonArray("data").size());
    }
}
