package io.moe.interfaces.tools;

import io.moe.application.tools.ToolSettingStore;
import io.moe.infrastructure.web.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Set;

/**
 * Which tools an admin has disabled (a tool without a setting is enabled), kept by {@link ToolSettingStore} and read
 * on every call, so a switch takes effect from the next call on every node. While the database does not answer, the
 * switches as this node last read them stand, so the tools go on answering (as keys in use and templates do).
 */
@ApplicationScoped
public class ToolSettings {

    @Inject
    ToolSettingStore store;

    private volatile Set<String> lastRead;

    public Set<String> disabled() {
        try {
            Set<String> read = Set.copyOf(store.disabled());
            lastRead = read;
            return read;
        } catch (RuntimeException e) {
            Set<String> known = lastRead;
            if (known != null && StoreFailures.databaseUnreachable(e)) { // the database breaker's refusal is one too
                return known;
            }
            throw e;
        }
    }

    public boolean isEnabled(String tool) {
        return !disabled().contains(tool);
    }

    public void setEnabled(String tool, boolean enabled, String userId) {
        store.setEnabled(tool, enabled, userId);
    }
}
