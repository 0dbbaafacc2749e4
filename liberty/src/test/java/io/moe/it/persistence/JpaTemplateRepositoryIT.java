package io.moe.it.persistence;

import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateRepository;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code JpaTemplateRepository} in the container: templates stored and found under unique names. */
@ExtendWith(ArquillianExtension.class)
class JpaTemplateRepositoryIT {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JpaTemplateRepositoryIT.class);
    }

    @Inject
    TemplateRepository templates;

    @Inject
    TestTransactions tx;

    private final String name = "arq-" + UUID.randomUUID();

    @AfterEach
    void removeTemplate() {
        tx.deleteTemplate(name);
    }

    @Test
    void anAddedTemplateIsFoundByItsNameWithItsConfiguration() throws IOException {
        String json = builtIn().replace("\"name\": \"default\"", "\"name\": \"" + name + "\"");
        tx.run(() -> templates.add(new ExpertTemplateRecord(ExpertTemplate.parse(json), json)));

        ExpertTemplateRecord found = templates.withName(name).orElseThrow();
        assertEquals(name, found.template().name());
        assertEquals(json, found.configJson());
        assertTrue(found.isActive());
        assertEquals(Optional.empty(), templates.withName(name + "-none"));
    }

    @Test
    void aSecondTemplateOfTheSameNameIsRefused() throws IOException {
        String json = builtIn().replace("\"name\": \"default\"", "\"name\": \"" + name + "\"");
        tx.run(() -> templates.add(new ExpertTemplateRecord(ExpertTemplate.parse(json), json)));

        assertThrows(RuntimeException.class, () -> tx.run(() -> templates.add(new ExpertTemplateRecord(ExpertTemplate.parse(json), json))));

        assertEquals(json, templates.withName(name).orElseThrow().configJson());
    }

    private static String builtIn() throws IOException {
        try (InputStream in = JpaTemplateRepositoryIT.class.getResourceAsStream("/templates/default-template.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
