package io.moe.domain.shared;

/**
 * A refused operation: the status it stands for (400 invalid, 403, 404 unknown, 409 conflict, …), a stable
 * code, the field at fault (or null) and a message a person can act on. Each area throws its own subclass;
 * an edge maps any refusal to its wire shape in one place.
 */
public abstract class Refusal extends RuntimeException {

    private final int status;
    private final String code;
    private final String field;

    protected Refusal(int status, String code, String field, String message) {
        super(message);
        this.status = status;
        this.code = code;
        this.field = field;
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
