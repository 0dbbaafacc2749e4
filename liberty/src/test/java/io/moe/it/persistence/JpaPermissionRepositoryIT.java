package io.moe.it.persistence;

import io.moe.domain.identity.Permission;
import io.moe.domain.identity.PermissionRepository;
import io.moe.domain.identity.ResourceType;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code JpaPermissionRepository} in the container: grants of one user, added at once and removed. */
@ExtendWith(ArquillianExtension.class)
class JpaPermissionRepositoryIT extends WithOwner {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JpaPermissionRepositoryIT.class);
    }

    @Inject
    PermissionRepository grants;

    @Test
    void aGrantIsListedForItsUserUntilItIsRemoved() {
        Permission grant = new Permission(owner.id(), ResourceType.MOE_MODE, "research");
        tx.run(() -> grants.add(grant));

        assertEquals(List.of("research"), grants.ofUser(owner.id()).stream().map(Permission::resourceId).toList());
        assertEquals(ResourceType.MOE_MODE, grants.find(grant.id()).orElseThrow().resourceType());

        tx.run(() -> grants.remove(grants.find(grant.id()).orElseThrow()));

        assertEquals(List.of(), grants.ofUser(owner.id()));
        assertEquals(Optional.empty(), tx.call(() -> grants.find(grant.id())));
    }

    @Test
    void theSameGrantTwiceIsRefusedAtTheSecondAdd() {
        tx.run(() -> grants.add(new Permission(owner.id(), ResourceType.MOE_MODE, "research")));
        AtomicReference<RuntimeException> atAdd = new AtomicReference<>();

        assertThrows(RuntimeException.class, () -> tx.run(() -> {
            try {
                grants.add(new Permission(owner.id(), ResourceType.MOE_MODE, "research"));
            } catch (RuntimeException e) {
                atAdd.set(e);
                throw e;
            }
        }));

        assertInstanceOf(PersistenceException.class, atAdd.get());
        assertEquals(1, grants.ofUser(owner.id()).size());
    }
}
