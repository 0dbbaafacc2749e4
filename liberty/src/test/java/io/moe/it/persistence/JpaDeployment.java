package io.moe.it.persistence;

import io.moe.application.identity.AfterCommit;
import io.moe.application.overview.StoreState;
import io.moe.application.servers.ApiType;
import io.moe.application.servers.InferenceServerRegistry;
import io.moe.application.servers.ServerSettings;
import io.moe.domain.identity.UserAccount;
import io.moe.infrastructure.persistence.jpa.JpaUserRepository;
import io.moe.infrastructure.persistence.jta.JtaAfterCommit;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.util.UUID;

/** The test deployment every adapter test shares: the product's persistence unit, entities, ports and adapters. */
final class JpaDeployment {

    private JpaDeployment() {
    }

    static WebArchive of(Class<?> test) {
        return ShrinkWrap.create(WebArchive.class, test.getSimpleName() + ".war")
                .addPackages(true, UserAccount.class.getPackage().getName().replace(".identity", ""))
                .addPackage(JpaUserRepository.class.getPackage())
                .addPackage(JtaAfterCommit.class.getPackage())
                .addClasses(AfterCommit.class, TestTransactions.class, JpaDeployment.class, WithOwner.class)
                // the inference-server registry's port and its records, without the services around them
                .addClasses(InferenceServerRegistry.class, ServerSettings.class, ApiType.class)
                // what the database check (in the adapters' package) answers with; without it the server warns at deployment
                .addClasses(StoreState.class)
                .addAsResource("META-INF/persistence.xml")
                .addAsResource("templates/default-template.json")
                .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml");
    }

    /** A user of this test run only (unique name and e-mail), not yet stored. */
    static UserAccount newUser(boolean admin) {
        String name = "arq-" + UUID.randomUUID().toString().substring(0, 18);
        return new UserAccount(name, name + "@example.org", "Arquillian " + name, "not-a-hash", admin);
    }
}
