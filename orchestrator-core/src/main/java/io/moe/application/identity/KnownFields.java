package io.moe.application.identity;

import io.moe.domain.shared.UnknownField;

import java.util.Collection;

/**
 * A request body's fields against those its route reads: a misspelt field (an {@code expires} meant as
 * {@code expires_at}) would otherwise be left out silently and the request do something else than asked.
 */
public final class KnownFields {

    private KnownFields() {
    }

    /** Refuses with 400 naming the first of {@code given} that is not one of {@code known}. */
    public static void check(Collection<String> given, Collection<String> known) {
        UnknownField.first(given, known).ifPresent(field -> {
            throw IdentityException.invalid(field, "unknown field '" + field + "'; the fields are " + UnknownField.listing(known));
        });
    }
}
