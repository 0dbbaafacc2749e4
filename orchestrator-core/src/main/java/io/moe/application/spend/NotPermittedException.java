package io.moe.application.spend;

import io.moe.domain.shared.Refusal;

/** A resource (mode, skill, template, model endpoint, tool) the caller holds no permission for. */
public class NotPermittedException extends Refusal {

    public NotPermittedException(String message) {
        this("permission_denied", message);
    }

    protected NotPermittedException(String code, String message) {
        super(Kind.FORBIDDEN, code, null, message);
    }
}
