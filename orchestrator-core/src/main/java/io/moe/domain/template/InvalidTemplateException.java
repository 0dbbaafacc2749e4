package io.moe.domain.template;

/**
 * A template that cannot be used as given. {@link #field()} is the path of the offending field
 * ({@code experts.code.models[1].role}, or null for the template as a whole) and the message starts with it.
 */
public class InvalidTemplateException extends IllegalArgumentException {

    private final String field;

    public InvalidTemplateException(String message) {
        super(message);
        this.field = null;
    }

    public InvalidTemplateException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    public String field() {
        return field;
    }

    /** The same refusal with {@code prefix} before the field path (an import names the item: {@code items[2].}). */
    public InvalidTemplateException under(String prefix) {
        return field == null ? new InvalidTemplateException(prefix + ": " + getMessage())
                : new InvalidTemplateException(prefix + "." + field, getMessage().substring(field.length() + 2));
    }
}
