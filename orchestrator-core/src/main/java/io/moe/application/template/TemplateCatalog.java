package io.moe.application.template;

import io.moe.application.refresh.Refreshed;
import io.moe.application.shared.UnitOfWork;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateBindings;
import io.moe.domain.template.TemplateRepository;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The active expert templates requests run with, read from the {@link TemplateRepository} into a snapshot
 * that every request reads without a database round trip. The snapshot is read again after a write on
 * this node ({@link #refresh}) and in the background at the latest {@code moe.template.refresh-seconds} after a write
 * on another node; while the database cannot be read, requests go on with the templates read before ({@link Refreshed}). A request that names a mode runs with its key's template, else its user's default
 * template ({@link TemplateBindings}), else the one named by {@code moe.template.default}; at first start
 * that one is created from the built-in default template.
 */
@ApplicationScoped
public class TemplateCatalog {

    private static final Logger LOG = Logger.getLogger(TemplateCatalog.class.getName());

    @Inject
    TemplateRepository templates;

    @Inject
    TemplateBindings bindings;

    @Inject
    @ConfigProperty(name = "moe.template.default", defaultValue = "default")
    String defaultName;

    @Inject
    @ConfigProperty(name = "moe.template.refresh-seconds", defaultValue = "5")
    int refreshSeconds;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService background;

    private final Refreshed<Snapshot> snapshot = new Refreshed<>("expert templates", this::read,
            () -> Duration.ofSeconds(refreshSeconds), () -> background);

    public TemplateCatalog() {
    }

    /** A catalog over {@code templates}, for code that runs without a container. */
    public TemplateCatalog(TemplateRepository templates, String defaultName, int refreshSeconds) {
        this.templates = templates;
        this.defaultName = defaultName;
        this.refreshSeconds = refreshSeconds;
    }

    /** The active template called {@code name}, if any. */
    public Optional<ExpertTemplateRecord> active(String name) {
        return Optional.ofNullable(current().byName().get(name));
    }

    /** Every active template, by name. */
    public List<ExpertTemplateRecord> allActive() {
        return List.copyOf(current().byName().values());
    }

    /** The template a mode request of {@code keyId} / {@code userId} runs with: the key's, the user's default, else the default. */
    public ExpertTemplate forCaller(String keyId, String userId) {
        Snapshot s = current();
        String bound = keyId == null ? null : s.byKey().get(keyId);
        if (bound == null) {
            bound = s.byUser().get(userId);
        }
        String id = bound;
        return id == null ? defaultTemplate() : s.byName().values().stream().filter(t -> t.id().equals(id)).findFirst()
                .map(ExpertTemplateRecord::template).orElseGet(this::defaultTemplate);
    }

    /** The default template; fails with a clear message when an operator deleted or deactivated it. */
    public ExpertTemplate defaultTemplate() {
        return active(defaultName).map(ExpertTemplateRecord::template)
                .orElseThrow(() -> new IllegalStateException("the default expert template '" + defaultName
                        + "' does not exist or is inactive (moe.template.default)"));
    }

    public String defaultName() {
        return defaultName;
    }

    /** Reads the templates again; call after a write so this node sees it at once. */
    @UnitOfWork
    public void refresh() {
        snapshot.readNow(null);
    }

    /** Forgets the snapshot: the next request reads the templates again. */
    public void invalidate() {
        snapshot.invalidate();
    }

    private Snapshot current() {
        return snapshot.get();
    }

    private Snapshot read() {
        Map<String, ExpertTemplateRecord> fresh = new LinkedHashMap<>();
        for (ExpertTemplateRecord record : templates.all()) {
            if (record.isActive()) {
                fresh.put(record.name(), record);
            }
        }
        Map<String, String> byKey = bindings == null ? Map.of() : Map.copyOf(bindings.keys());
        Map<String, String> byUser = bindings == null ? Map.of() : Map.copyOf(bindings.users());
        return new Snapshot(Map.copyOf(fresh), byKey, byUser);
    }

    /** Creates the built-in default template when no template of that name exists. */
    @UnitOfWork
    public void seedDefault() {
        if (templates.withName(defaultName).isEmpty()) {
            String json = builtInTemplateJson().replace("\"name\": \"default\"", "\"name\": \"" + defaultName.replace("\"", "") + "\"");
            templates.add(new ExpertTemplateRecord(ExpertTemplate.parse(json), json));
            LOG.info(() -> "Created the built-in expert template '" + defaultName + "'");
        }
        refresh();
    }

    private static String builtInTemplateJson() {
        try (InputStream in = TemplateCatalog.class.getResourceAsStream("/templates/default-template.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Snapshot(Map<String, ExpertTemplateRecord> byName, Map<String, String> byKey, Map<String, String> byUser) {
    }
}
