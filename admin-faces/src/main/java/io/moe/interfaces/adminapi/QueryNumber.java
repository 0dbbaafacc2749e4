package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;

/**
 * A whole-number query parameter of the admin API ({@code limit}, {@code offset}), read as text: a parameter typed
 * {@code int} would make {@code limit=abc} JAX-RS's 404 "no such route" instead of a 400 that names the parameter.
 */
final class QueryNumber {

    private QueryNumber() {
    }

    /** {@code text} as a number from {@code min} to {@code max}; else 400 naming {@code name} and the range. */
    static int of(String name, String text, int min, int max) {
        try {
            int n = Integer.parseInt(text.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw IdentityException.invalid(name, name + " must be a whole number "
                + (max == Integer.MAX_VALUE ? "of " + min + " or more" : "from " + min + " to " + max));
    }
}
