package io.moe.application.identity;

/** A refused identity operation: HTTP status, stable code, the field at fault (or null) and a message. */
public class IdentityException extends RuntimeException {

    private final int status;
    private final String code;
    private final String field;

    public IdentityException(int status, String code, String field, String message) {
        super(message);
        this.status = status;
        this.code = code;
        this.field = field;
    }

    public static IdentityException invalid(String field, String message) {
        return new IdentityException(400, "invalid_field", field, message);
    }

    public static IdentityException notFound(String what, String id) {
        return new IdentityException(404, "not_found", null, "no " + what + " '" + id + "'");
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String field() {
        return field;
    }
}
