package io.moe.application.template;

import io.moe.application.refresh.Refreshed;
import io.moe.application.shared.UnitOfWork;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.domain.template.UserTemplateRepository;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The users' active own templates as the routing reads them: an in-memory snapshot by owner and name, read
 * again after a write on this node and in the background at the latest {@code moe.template.refresh-seconds} after a
 * write on another, kept in service while the database cannot be read (as {@link TemplateCatalog} does for the admin
 * templates).
 */
@ApplicationScoped
public class UserTemplateCatalog {

    @Inject
    UserTemplateRepository templates;

    @Inject
    @ConfigProperty(name = "moe.template.refresh-seconds", defaultValue = "5")
    int refreshSeconds;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService background;

    private final Refreshed<Map<String, Map<String, ExpertTemplate>>> byUser = new Refreshed<>("users' own templates", this::read,
            () -> Duration.ofSeconds(refreshSeconds), () -> background);

    public UserTemplateCatalog() {
    }

    /** A catalog over {@code templates}, for code that runs without a container. */
    public UserTemplateCatalog(UserTemplateRepository templates, int refreshSeconds) {
        this.templates = templates;
        this.refreshSeconds = refreshSeconds;
    }

    /** The active own template of {@code userId} called {@code name}, if any. */
    public Optional<ExpertTemplate> active(String userId, String name) {
        return Optional.ofNullable(byUser.get().getOrDefault(userId, Map.of()).get(name));
    }

    /** The names of {@code userId}'s active own templates. */
    public List<String> activeNames(String userId) {
        return byUser.get().getOrDefault(userId, Map.of()).keySet().stream().sorted().toList();
    }

    /** Forgets the snapshot: the next request reads the templates again. */
    public void invalidate() {
        byUser.invalidate();
    }

    @UnitOfWork
    public void refresh() {
        byUser.readNow(null);
    }

    private Map<String, Map<String, ExpertTemplate>> read() {
        Map<String, Map<String, ExpertTemplate>> read = new HashMap<>();
        for (UserTemplateRecord record : templates.allActive()) {
            read.computeIfAbsent(record.userId(), u -> new HashMap<>()).put(record.name(), record.template());
        }
        read.replaceAll((user, names) -> Map.copyOf(names));
        return Map.copyOf(read);
    }
}
