package io.moe.tools;

/**
 * A refusal with an HTTP status, a stable {@code error_code}, the argument at fault (or null) and a
 * message that says what form is accepted.
 */
public class ToolException extends RuntimeException {

    private final int status;
    private final String code;
    private final String argument;

    public ToolException(int status, String code, String argument, String message) {
        super(message);
        this.status = status;
        this.code = code;
        this.argument = argument;
    }

    /** 400 for an argument that is missing, mistyped or out of range. */
    public static ToolException invalid(String argument, String message) {
        return new ToolException(400, "invalid_argument", argument, message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String argument() {
        return argument;
    }
}
