package io.moe.application.identity;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.shared.Refusal;

/** A refused identity operation: its kind, stable code, the field at fault (or null) and a message. */
public class IdentityException extends Refusal {

    public IdentityException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }

    public static IdentityException invalid(String field, String message) {
        return new IdentityException(Kind.INVALID, "invalid_field", field, message);
    }

    public static IdentityException notFound(String what, String id) {
        return new IdentityException(Kind.NOT_FOUND, "not_found", null, "no " + what + " '" + id + "'");
    }
}
