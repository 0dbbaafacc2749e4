package io.moe.application.spend;

/** A resource (mode, skill, template, model endpoint, tool) the caller holds no permission for; answered with 403. */
public class NotPermittedException extends RuntimeException {

    public NotPermittedException(String message) {
        super(message);
    }
}
