package io.moe.domain.shared;

import java.util.Collection;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A body's field names against those its reader takes: a misspelt field (an {@code expires} meant as
 * {@code expires_at}) would otherwise be left out silently and the request do something else than asked. Each
 * reader refuses the field found here with its own error; a name is shortened for the message, which would
 * otherwise echo a megabyte-long key back.
 */
public final class UnknownField {

    static final int SHOWN = 40;

    private UnknownField() {
    }

    /** The first of {@code given} in neither {@code known} nor {@code alsoAccepted}, shortened to be shown. */
    public static Optional<String> first(Collection<String> given, Collection<String> known, Collection<String> alsoAccepted) {
        for (String field : given) {
            if (!known.contains(field) && !alsoAccepted.contains(field)) {
                return Optional.of(field.length() > SHOWN ? field.substring(0, SHOWN) + "…" : field);
            }
        }
        return Optional.empty();
    }

    public static Optional<String> first(Collection<String> given, Collection<String> known) {
        return first(given, known, java.util.List.of());
    }

    /** The fields a reader takes, in order, for a message. */
    public static String listing(Collection<String> known) {
        return String.join(", ", new TreeSet<>(known));
    }
}
