package io.moe.application.tools;

import java.util.Set;

/**
 * Port: which tools an admin has disabled; a tool nobody switched is enabled. Store failures surface as
 * {@link IllegalStateException} with a message fit for the tool server's error body.
 */
public interface ToolSettingStore {

    /** The names of the disabled tools. */
    Set<String> disabled();

    /** Switches {@code tool} on or off and records who did it and when. */
    void setEnabled(String tool, boolean enabled, String userId);
}
