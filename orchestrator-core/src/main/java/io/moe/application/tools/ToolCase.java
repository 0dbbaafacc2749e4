package io.moe.application.tools;

import java.time.Instant;

/**
 * A saved tool case: run {@code tool} with {@code argsJson}; it passes when the call answers ({@code expectOk}) or
 * is refused (not {@code expectOk}) as expected and, when {@code expectedText} is set, the result or refusal
 * contains it.
 */
public record ToolCase(String id, String name, String tool, String argsJson, boolean expectOk, String expectedText,
                       Instant createdAt) {

    /** Whether a call that answered ({@code ok}) with {@code content} passes this case. */
    public boolean passes(boolean ok, String content) {
        return ok == expectOk && (expectedText == null || expectedText.isEmpty() || (content != null && content.contains(expectedText)));
    }
}
