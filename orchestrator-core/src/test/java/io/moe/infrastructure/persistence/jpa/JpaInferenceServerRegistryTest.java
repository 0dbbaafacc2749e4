package io.moe.infrastructure.persistence.jpa;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.ServerSettings;
import io.moe.devservices.TestStores;
import io.moe.domain.shared.Ids;
import io.moe.infrastructure.persistence.SchemaMigration;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import jakarta.persistence.PersistenceException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.math.BigDecimal;
import java.net.URI;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JPA registry against a real PostgreSQL with the Flyway schema, through the product's persistence unit. */
class JpaInferenceServerRegistryTest {

    private static final TestStores STORES = TestStores.shared();
    private static EntityManagerFactory factory;
    private EntityManager em;
    private JpaInferenceServerRegistry registry;
    private final String marker = UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    static void schema() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(STORES.jdbcUrl());
        ds.setUser(STORES.dbUser());
        ds.setPassword(STORES.dbPassword());
        SchemaMigration.migrate(ds);
        factory = Persistence.createEntityManagerFactory("moe", Map.of(
                "jakarta.persistence.transactionType", "RESOURCE_LOCAL",
                "jakarta.persistence.jtaDataSource", "",
                "jakarta.persistence.jdbc.driver", "org.postgresql.Driver",
                "jakarta.persistence.jdbc.url", STORES.jdbcUrl(),
                "jakarta.persistence.jdbc.user", STORES.dbUser(),
                "jakarta.persistence.jdbc.password", STORES.dbPassword(),
                "eclipselink.target-server", "None"));
    }

    @AfterAll
    static void close() {
        factory.close();
    }

    @BeforeEach
    void open() {
        em = factory.createEntityManager();
        registry = new JpaInferenceServerRegistry(em);
    }

    @AfterEach
    void closeEm() {
        if (em.getTransaction().isActive()) {
            em.getTransaction().rollback();
        }
        em.close();
    }

    private ServerSettings server(String name, String token) {
        return new ServerSettings(Ids.newId(), name, URI.create("http://10.0.0.2:11434"), ApiType.OLLAMA, token, 3, 120,
                new BigDecimal("1.25"), true, Ids.nowUtc(), Ids.nowUtc());
    }

    private void inTransaction(Runnable work) {
        em.getTransaction().begin();
        work.run();
        em.getTransaction().commit();
        em.clear();
    }

    @Test
    void aServerIsKeptWithEveryFieldAndFoundByIdAndName() {
        ServerSettings s = server("gpu-" + marker, "v1:sealed");
        inTransaction(() -> registry.add(s));
        assertEquals(s, registry.withId(s.id()).orElseThrow());
        assertEquals(s, registry.withName(s.name()).orElseThrow());
        assertTrue(registry.all().contains(s));
        assertFalse(registry.isEmpty());
        assertTrue(registry.withName("none-" + marker).isEmpty());
    }

    @Test
    void aReplacedServerHasTheNewValuesAndARemovedOneIsGone() {
        ServerSettings s = server("gpu-" + marker, null);
        inTransaction(() -> registry.add(s));
        ServerSettings changed = new ServerSettings(s.id(), "gpu-b-" + marker, URI.create("https://x.example/v"), ApiType.OPENAI,
                "v1:new", 9, 30, BigDecimal.ZERO, false, s.createdAt(), Ids.nowUtc());
        inTransaction(() -> registry.replace(changed));
        assertEquals(changed, registry.withId(s.id()).orElseThrow());
        inTransaction(() -> registry.remove(s.id()));
        assertTrue(registry.withId(s.id()).isEmpty());
    }

    @Test
    void aSecondServerWithTheSameNameIsRefusedByTheStore() {
        inTransaction(() -> registry.add(server("gpu-" + marker, null)));
        em.getTransaction().begin();
        assertThrows(PersistenceException.class, () -> registry.add(server("gpu-" + marker, null)));
        em.getTransaction().rollback();
        assertEquals(1, registry.all().stream().filter(s -> s.name().equals("gpu-" + marker)).count());
    }
}
