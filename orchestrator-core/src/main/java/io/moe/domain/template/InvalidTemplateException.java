package io.moe.domain.template;

/** A template that cannot be used as given; the message names the offending field. */
public class InvalidTemplateException extends IllegalArgumentException {

    public InvalidTemplateException(String message) {
        super(message);
    }
}
