package io.moe.it.persistence;

import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.ApiKeySecret;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** {@code JpaApiKeyRepository} in the container: keys are found by the hash of the raw key only. */
@ExtendWith(ArquillianExtension.class)
class JpaApiKeyRepositoryIT extends WithOwner {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JpaApiKeyRepositoryIT.class);
    }

    @Inject
    ApiKeyRepository keys;

    @Test
    void aKeyIsFoundByTheHashOfItsRawSecretAndNeverByTheSecretItself() {
        ApiKeySecret secret = ApiKeySecret.generate();
        ApiKey key = new ApiKey(owner.id(), secret, "laptop", null);
        tx.run(() -> keys.add(key));

        assertEquals(key.id(), keys.withHash(ApiKeySecret.hashOf(secret.raw())).orElseThrow().id());
        assertEquals(Optional.empty(), keys.withHash(secret.raw()));
        assertEquals(Optional.empty(), keys.withHash(ApiKeySecret.hashOf(ApiKeySecret.generate().raw())));
        assertEquals("laptop", keys.find(key.id()).orElseThrow().label());
    }

    @Test
    void theKeysOfAUserComeOldestFirstAndARevocationIsWrittenWithTheTransaction() {
        ApiKey first = new ApiKey(owner.id(), ApiKeySecret.generate(), "first", null);
        tx.run(() -> keys.add(first));
        ApiKey second = new ApiKey(owner.id(), ApiKeySecret.generate(), "second", null);
        tx.run(() -> keys.add(second));

        assertEquals(List.of(first.id(), second.id()), keys.ofUser(owner.id()).stream().map(ApiKey::id).toList());

        tx.run(() -> keys.find(first.id()).orElseThrow().revoke());

        assertFalse(tx.call(() -> keys.find(first.id()).orElseThrow().isActive()));
        assertEquals(List.of(), keys.ofUser(owner.id() + "-nobody"));
    }
}
