package io.moe.application.servers;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.shared.Refusal;

/**
 * A refused change to the inference servers: its kind (invalid, not found,
 * conflict), a stable code, the field at fault (or null) and a message an operator can act on. Thrown
 * before anything is written, so a refusal leaves the registry as it was.
 */
public class ServerRefusedException extends Refusal {

    public ServerRefusedException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }

    static ServerRefusedException invalid(String field, String message) {
        return new ServerRefusedException(Kind.INVALID, "invalid_field", field, message);
    }

    static ServerRefusedException notFound(String id) {
        return new ServerRefusedException(Kind.NOT_FOUND, "not_found", null, "no inference server '" + id + "'");
    }
}
