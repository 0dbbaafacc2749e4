package io.moe.it.persistence;

import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.ApiKeySecret;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.profile.ProfileSchema;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.profile.UserProfileRepository;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code JpaUserProfileRepository} in the container: a user's own profiles are found only under their owner,
 * a key is bound to one and unbound, and deleting the profile unbinds the key (the schema's ON DELETE SET NULL).
 */
@ExtendWith(ArquillianExtension.class)
class JpaUserProfileRepositoryIT extends WithOwner {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JpaUserProfileRepositoryIT.class);
    }

    @Inject
    UserProfileRepository profiles;

    @Inject
    ApiKeyRepository keys;

    private UserAccount other;

    @AfterEach
    void removeOther() {
        if (other != null) {
            tx.deleteUser(other.id());
        }
    }

    private static UserProfileRecord profile(String userId, String name) {
        return new UserProfileRecord(userId, ProfileSchema.parse("{\"name\":\"" + name + "\",\"accepted_models\":[\"claude-sonnet-4-5\"],"
                + "\"tool_model\":\"sim-coder:7b\",\"tool_endpoint\":\"local\",\"moe_mode\":\"native\"}"));
    }

    @Test
    void aProfileIsFoundOnlyUnderItsOwner() {
        other = JpaDeployment.newUser(false);
        tx.run(() -> users.add(other));
        UserProfileRecord mine = profile(owner.id(), "b-mine");
        UserProfileRecord second = profile(owner.id(), "a-second");
        tx.run(() -> {
            profiles.add(mine);
            profiles.add(second);
        });
        assertEquals(List.of("a-second", "b-mine"), profiles.ofUser(owner.id()).stream().map(UserProfileRecord::name).toList());
        assertTrue(profiles.ofUser(owner.id(), mine.id()).isPresent());
        assertEquals(Optional.empty(), profiles.ofUser(other.id(), mine.id()), "another user's profile is as absent as a missing one");
        assertEquals(List.of(), profiles.ofUser(other.id()));
    }

    @Test
    void aKeyIsBoundAndDeletingTheProfileUnbindsIt() {
        UserProfileRecord mine = profile(owner.id(), "bound");
        ApiKey key = new ApiKey(owner.id(), ApiKeySecret.generate(), "laptop", null);
        tx.run(() -> {
            profiles.add(mine);
            keys.add(key);
        });
        tx.run(() -> assertTrue(profiles.bindKey(key.id(), mine.id())));
        assertEquals(java.util.Map.of(key.id(), mine.id()), profiles.keyBindings(owner.id()), "the owner's bound keys in one read");
        tx.run(() -> profiles.remove(profiles.withId(mine.id()).orElseThrow()));
        assertEquals(java.util.Map.of(), profiles.keyBindings(owner.id()), "the key lost its binding with the profile");
        tx.run(() -> assertFalse(profiles.bindKey("no-such-key", null)));
    }
}
