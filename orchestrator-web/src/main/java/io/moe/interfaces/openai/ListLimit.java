package io.moe.interfaces.openai;

/**
 * The {@code limit} query parameter of the admin lists ({@code /v1/admin/corrections}, {@code planner-patterns},
 * {@code ontology-gaps}), read as text: a parameter typed int would make {@code limit=abc} a 404 "no such route", as
 * JAX-RS has it, instead of the 400 that names the parameter.
 */
final class ListLimit {

    static final int MAX = 500;

    private ListLimit() {
    }

    static int of(String limit) {
        try {
            int n = Integer.parseInt(limit.strip());
            if (n >= 1 && n <= MAX) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiError.invalidRequest("invalid_value", "'limit' must be a whole number between 1 and " + MAX);
    }
}
