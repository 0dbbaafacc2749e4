package io.moe.application.events;

import io.moe.application.knowledge.BundleRules;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A knowledge triple extracted from an answer: subject, predicate (upper-case relation type) and object.
 * Predicates must match {@code ^[A-Z][A-Z_]{0,63}$} and names follow the bundle's name rule ({@link BundleRules#isName}: what
 * ingest stores, a bundle exports and an import takes back); anything else is dropped, never written.
 */
public record Triple(String subject, String predicate, String object) {

    public static final int MAX_PER_ANSWER = 8;
    static final Pattern PREDICATE = Pattern.compile("[A-Z][A-Z_]{0,63}");

    /** Reads lines of the form {@code subject | PREDICATE | object}; at most 8 valid triples. */
    public static List<Triple> parse(String text) {
        List<Triple> triples = new ArrayList<>();
        for (String line : text.split("\\R")) {
            of(line).ifPresent(t -> {
                if (triples.size() < MAX_PER_ANSWER && !triples.contains(t)) {
                    triples.add(t);
                }
            });
        }
        return triples;
    }

    static Optional<Triple> of(String line) {
        String[] parts = line.replaceFirst("^\\s*(?:[-*]|\\d+[.)])\\s*", "").split("\\|");
        if (parts.length != 3) {
            return Optional.empty();
        }
        String subject = parts[0].strip();
        String predicate = parts[1].strip().toUpperCase(java.util.Locale.ROOT).replace(' ', '_');
        String object = parts[2].strip();
        if (!BundleRules.isName(subject) || !BundleRules.isName(object) || !PREDICATE.matcher(predicate).matches()) {
            return Optional.empty();
        }
        return Optional.of(new Triple(subject, predicate, object));
    }
}
