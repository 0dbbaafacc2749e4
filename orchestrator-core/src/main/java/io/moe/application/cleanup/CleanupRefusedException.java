package io.moe.application.cleanup;

import io.moe.domain.shared.Refusal;

/** A refused cleanup request: an unknown job (404, listing the jobs) or a setting out of range (400, naming it). */
public class CleanupRefusedException extends Refusal {

    private static final long serialVersionUID = 1L;

    public CleanupRefusedException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }
}
