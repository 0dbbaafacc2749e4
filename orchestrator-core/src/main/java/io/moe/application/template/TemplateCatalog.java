package io.moe.application.template;

import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;

/**
 * The expert templates requests run with. The template named by {@code moe.template.default} serves
 * requests that select no other; at first start it is created from the built-in default template.
 */
@ApplicationScoped
public class TemplateCatalog {

    private static final Logger LOG = Logger.getLogger(TemplateCatalog.class.getName());

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Inject
    @ConfigProperty(name = "moe.template.default", defaultValue = "default")
    String defaultName;

    /** The default template; fails with a clear message when an operator deleted or deactivated it. */
    public ExpertTemplate defaultTemplate() {
        return em.createNamedQuery("ExpertTemplateRecord.byName", ExpertTemplateRecord.class)
                .setParameter("name", defaultName).getResultStream()
                .filter(ExpertTemplateRecord::isActive)
                .findFirst().map(ExpertTemplateRecord::template)
                .orElseThrow(() -> new IllegalStateException("the default expert template '" + defaultName
                        + "' does not exist or is inactive (moe.template.default)"));
    }

    /** Creates the built-in default template when no template of that name exists. */
    @Transactional
    public void seedDefault() {
        boolean exists = !em.createNamedQuery("ExpertTemplateRecord.byName", ExpertTemplateRecord.class)
                .setParameter("name", defaultName).getResultList().isEmpty();
        if (exists) {
            return;
        }
        String json = builtInTemplateJson().replace("\"name\": \"default\"", "\"name\": \"" + defaultName.replace("\"", "") + "\"");
        em.persist(new ExpertTemplateRecord(ExpertTemplate.parse(json), json));
        LOG.info(() -> "Created the built-in expert template '" + defaultName + "'");
    }

    private static String builtInTemplateJson() {
        try (InputStream in = TemplateCatalog.class.getResourceAsStream("/templates/default-template.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
