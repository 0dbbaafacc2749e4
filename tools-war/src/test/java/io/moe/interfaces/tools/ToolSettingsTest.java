package io.moe.interfaces.tools;

import io.moe.application.tools.ToolSettingStore;
import org.junit.jupiter.api.Test;

import java.sql.SQLTransientConnectionException;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tool switches as a call sees them: read each time, and as last read while the database does not answer. */
class ToolSettingsTest {

    private final Set<String> switchedOff = new HashSet<>();
    private Supplier<RuntimeException> failure;
    private final ToolSettings settings = new ToolSettings();

    ToolSettingsTest() {
        settings.store = new ToolSettingStore() {
            @Override
            public Set<String> disabled() {
                if (failure != null) {
                    throw failure.get();
                }
                return switchedOff;
            }

            @Override
            public void setEnabled(String tool, boolean enabled, String userId) {
                if (enabled) {
                    switchedOff.remove(tool);
                } else {
                    switchedOff.add(tool);
                }
            }
        };
    }

    private static RuntimeException unreachable() {
        return new IllegalStateException("cannot read tool settings: closed", new SQLTransientConnectionException("closed", "08006"));
    }

    @Test
    void aSwitchTakesEffectWithTheNextCall() {
        assertTrue(settings.isEnabled("calculate"));
        settings.setEnabled("calculate", false, "admin");
        assertFalse(settings.isEnabled("calculate"));
    }

    @Test
    void whileTheDatabaseDoesNotAnswerTheSwitchesAsLastReadStand() {
        settings.setEnabled("hash_text", false, "admin");
        assertFalse(settings.isEnabled("hash_text"));
        failure = ToolSettingsTest::unreachable;
        assertFalse(settings.isEnabled("hash_text"), "still off");
        assertTrue(settings.isEnabled("calculate"), "still on");
    }

    @Test
    void withNothingReadYetOrAnotherFailureTheCallIsRefused() {
        failure = ToolSettingsTest::unreachable;
        assertThrows(IllegalStateException.class, settings::disabled, "nothing read yet: no switches to stand by");
        failure = null;
        settings.disabled();
        RuntimeException bug = new IllegalStateException("not a database outage");
        failure = () -> bug;
        assertSame(bug, assertThrows(IllegalStateException.class, settings::disabled));
        assertEquals(Set.of(), Set.copyOf(switchedOff));
    }
}
