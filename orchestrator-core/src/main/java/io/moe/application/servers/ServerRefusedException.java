package io.moe.application.servers;

import io.moe.domain.shared.Refusal;

/**
 * A refused change to the inference servers: the HTTP status it stands for (400 invalid, 404 unknown,
 * 409 conflict), a stable code, the field at fault (or null) and a message an operator can act on. Thrown
 * before anything is written, so a refusal leaves the registry as it was.
 */
public class ServerRefusedException extends Refusal {

    public ServerRefusedException(int status, String code, String field, String message) {
        super(status, code, field, message);
    }

    static ServerRefusedException invalid(String field, String message) {
        return new ServerRefusedException(400, "invalid_field", field, message);
    }

    static ServerRefusedException notFound(String id) {
        return new ServerRefusedException(404, "not_found", null, "no inference server '" + id + "'");
    }
}
