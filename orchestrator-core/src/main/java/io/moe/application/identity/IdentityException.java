package io.moe.application.identity;

import io.moe.domain.shared.Refusal;

/** A refused identity operation: HTTP status, stable code, the field at fault (or null) and a message. */
public class IdentityException extends Refusal {

    public IdentityException(int status, String code, String field, String message) {
        super(status, code, field, message);
    }

    public static IdentityException invalid(String field, String message) {
        return new IdentityException(400, "invalid_field", field, message);
    }

    public static IdentityException notFound(String what, String id) {
        return new IdentityException(404, "not_found", null, "no " + what + " '" + id + "'");
    }
}
