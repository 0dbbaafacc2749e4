package io.moe.domain.profile;

/**
 * A profile that cannot be used as given. {@link #field()} is the path of the offending field
 * ({@code accepted_models[2]}, or null for the profile as a whole) and the message starts with it.
 */
public class InvalidProfileException extends IllegalArgumentException {

    private final String field;

    public InvalidProfileException(String field, String problem) {
        super(field == null ? problem : field + ": " + problem);
        this.field = field;
    }

    public String field() {
        return field;
    }

    /** The same refusal with {@code prefix} before the field path (an import names the item: {@code items[2].}). */
    public InvalidProfileException under(String prefix) {
        return field == null ? new InvalidProfileException(prefix, getMessage())
                : new InvalidProfileException(prefix + "." + field, getMessage().substring(field.length() + 2));
    }
}
