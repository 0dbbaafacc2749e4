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
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code JpaTemplateRepository} in the container: templates stored, found, listed, changed and removed under unique names. */
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

    @Test
    void aTemplateIsFoundByIdListedInNameOrderChangedAndRemoved() throws IOException {
        String json = builtIn().replace("\"name\": \"default\"", "\"name\": \"" + name + "\"");
        ExpertTemplateRecord added = new ExpertTemplateRecord(ExpertTemplate.parse(json), json);
        tx.run(() -> templates.add(added));
        assertEquals(name, tx.call(() -> templates.withId(added.id())).orElseThrow().name());
        List<String> names = tx.call(() -> templates.all()).stream().map(ExpertTemplateRecord::name).toList();
        assertTrue(names.contains(name), names.toString());
        assertEquals(names.stream().sorted().toList(), names, "listed in name order");

        ExpertTemplate changed = ExpertTemplate.parse(json.replace("\"cost_factor\": 1.0", "\"cost_factor\": 2.5"));
        tx.run(() -> {
            ExpertTemplateRecord record = templates.withId(added.id()).orElseThrow();
            record.change(changed, changed.toJson().toString());
            templates.update(record);
        });
        ExpertTemplateRecord after = tx.call(() -> templates.withId(added.id())).orElseThrow();
        assertEquals(2.5, after.template().costFactor());
        assertEquals(changed, after.template());

        tx.run(() -> templates.remove(templates.withId(added.id()).orElseThrow()));
        assertEquals(Optional.empty(), tx.call(() -> templates.withId(added.id())));
        assertEquals(Optional.empty(), tx.call(() -> templates.withName(name)));
    }

    private static String builtIn() throws IOException {
        try (InputStream in = JpaTemplateRepositoryIT.class.getResourceAsStream("/templates/default-template.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
