package io.moe.application.template;

import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.domain.template.UserTemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The users' active own templates as the routing reads them: an in-memory snapshot by owner and name, read
 * again after a write on this node and at the latest {@code moe.template.refresh-seconds} after a write on
 * another (as {@link TemplateCatalog} does for the admin templates).
 */
@ApplicationScoped
public class UserTemplateCatalog {

    @Inject
    UserTemplateRepository templates;

    @Inject
    @ConfigProperty(name = "moe.template.refresh-seconds", defaultValue = "5")
    int refreshSeconds;

    private volatile Snapshot snapshot = new Snapshot(Map.of(), 0);

    public UserTemplateCatalog() {
    }

    /** A catalog over {@code templates}, for code that runs without a container. */
    public UserTemplateCatalog(UserTemplateRepository templates, int refreshSeconds) {
        this.templates = templates;
        this.refreshSeconds = refreshSeconds;
    }

    /** The active own template of {@code userId} called {@code name}, if any. */
    public Optional<ExpertTemplate> active(String userId, String name) {
        return Optional.ofNullable(current().byUser().getOrDefault(userId, Map.of()).get(name));
    }

    /** The names of {@code userId}'s active own templates. */
    public List<String> activeNames(String userId) {
        return current().byUser().getOrDefault(userId, Map.of()).keySet().stream().sorted().toList();
    }

    /** Forgets the snapshot: the next request reads the templates again. */
    public void invalidate() {
        snapshot = new Snapshot(Map.of(), 0);
    }

    @Transactional
    public void refresh() {
        Map<String, Map<String, ExpertTemplate>> byUser = new HashMap<>();
        for (UserTemplateRecord record : templates.allActive()) {
            byUser.computeIfAbsent(record.userId(), u -> new HashMap<>()).put(record.name(), record.template());
        }
        byUser.replaceAll((user, names) -> Map.copyOf(names));
        snapshot = new Snapshot(Map.copyOf(byUser), System.nanoTime());
    }

    private Snapshot current() {
        Snapshot s = snapshot;
        if (s.readAt() == 0 || System.nanoTime() - s.readAt() > refreshSeconds * 1_000_000_000L) {
            refresh();
            s = snapshot;
        }
        return s;
    }

    private record Snapshot(Map<String, Map<String, ExpertTemplate>> byUser, long readAt) {
    }
}
