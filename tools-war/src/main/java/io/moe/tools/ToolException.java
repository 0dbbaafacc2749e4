package io.moe.tools;

import io.moe.domain.shared.Refusal;

/**
 * A tool's refusal: its kind, a stable {@code error_code}, the argument at fault (or null) and a message
 * that says what form is accepted. The tools port maps it to its error shape ({@code ToolErrors}).
 */
public class ToolException extends Refusal {

    public ToolException(Kind kind, String code, String argument, String message) {
        super(kind, code, argument, message);
    }

    /** An argument that is missing, mistyped or out of range. */
    public static ToolException invalid(String argument, String message) {
        return new ToolException(Kind.INVALID, "invalid_argument", argument, message);
    }

    /** The argument at fault, or null. */
    public String argument() {
        return field();
    }
}
