package io.moe.interfaces.tools;

import io.moe.application.tools.ToolSettingStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Set;

/** Which tools an admin has disabled (a tool without a setting is enabled), kept by {@link ToolSettingStore}. */
@ApplicationScoped
public class ToolSettings {

    @Inject
    ToolSettingStore store;

    public Set<String> disabled() {
        return store.disabled();
    }

    public boolean isEnabled(String tool) {
        return !disabled().contains(tool);
    }

    public void setEnabled(String tool, boolean enabled, String userId) {
        store.setEnabled(tool, enabled, userId);
    }
}
