package io.moe.application.servers;

/**
 * A refused change to the inference servers: the HTTP status it stands for (400 invalid, 404 unknown,
 * 409 conflict), a stable code, the field at fault (or null) and a message an operator can act on. Thrown
 * before anything is written, so a refusal leaves the registry as it was.
 */
public class ServerRefusedException extends RuntimeException {

    private final int status;
    private final String code;
    private final String field;

    public ServerRefusedException(int status, String code, String field, String message) {
        super(message);
        this.status = status;
        this.code = code;
        this.field = field;
    }

    static ServerRefusedException invalid(String field, String message) {
        return new ServerRefusedException(400, "invalid_field", field, message);
    }

    static ServerRefusedException notFound(String id) {
        return new ServerRefusedException(404, "not_found", null, "no inference server '" + id + "'");
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
