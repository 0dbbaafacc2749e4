package io.moe.application.template;

import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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

    @Inject
    TemplateRepository templates;

    @Inject
    @ConfigProperty(name = "moe.template.default", defaultValue = "default")
    String defaultName;

    /** The default template; fails with a clear message when an operator deleted or deactivated it. */
    public ExpertTemplate defaultTemplate() {
        return templates.withName(defaultName)
                .filter(ExpertTemplateRecord::isActive)
                .map(ExpertTemplateRecord::template)
                .orElseThrow(() -> new IllegalStateException("the default expert template '" + defaultName
                        + "' does not exist or is inactive (moe.template.default)"));
    }

    /** Creates the built-in default template when no template of that name exists. */
    @Transactional
    public void seedDefault() {
        if (templates.withName(defaultName).isPresent()) {
            return;
        }
        String json = builtInTemplateJson().replace("\"name\": \"default\"", "\"name\": \"" + defaultName.replace("\"", "") + "\"");
        templates.add(new ExpertTemplateRecord(ExpertTemplate.parse(json), json));
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
