package io.moe.application.knowledge;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a field of the knowledge API may hold, checked before anything is read or written. Names are
 * identifiers: 1 to {@value #MAX_NAME} characters of letters, digits, spaces and plain punctuation, never
 * the characters Cypher or a prompt could use to break out ({@code { } ; ` $ \ < > "}, {@code //}, control
 * characters). Predicates are upper-case relation types, domains lower-case words. A search query follows
 * the name rule with a larger length.
 */
public final class BundleRules {

    public static final int MAX_NAME = 200;
    public static final Pattern PREDICATE = Pattern.compile("[A-Z][A-Z_]{0,63}");
    public static final Pattern DOMAIN = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");
    public static final Pattern WORD = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_ .:-]{0,63}");
    public static final Pattern SOURCE_TAG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}");
    /** Letters, digits, spaces, plain punctuation, every dash (en, em: "COVID–19") and typographic apostrophes ("Alzheimer’s"). */
    private static final Pattern TEXT = Pattern.compile("[\\p{L}\\p{M}\\p{N}\\p{Pd} _.,:'\u2018\u2019()\\[\\]/+&%?!#*=@]+");
    private static final Pattern PROSE = Pattern.compile("[^{}$\\\\`<>\\x00-\\x09\\x0B-\\x1F\\x7F]+");
    /** Relation types never exported nor imported (spec: export protection 3). */
    public static final Set<String> EXCLUDED_TYPES = Set.of("HAS_PASSWORD", "HAS_CREDENTIAL", "AUTHENTICATES_WITH");

    private BundleRules() {
    }

    /** The name, stripped, or a refusal naming {@code field}. */
    public static String name(String value, String field) {
        return text(value, field, MAX_NAME);
    }

    /** Whether {@code value}, stripped, is a name a bundle can carry: what ingest stores, an export gives back and an import takes. */
    public static boolean isName(String value) {
        String v = value == null ? "" : value.strip();
        return !v.isEmpty() && v.length() <= MAX_NAME && TEXT.matcher(v).matches() && !v.contains("//");
    }

    /** Free text of a search query or a synthesis: the name rule with another length. */
    public static String text(String value, String field, int max) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty() || v.length() > max) {
            throw new KnowledgeRefusedException("invalid_" + leaf(field), field, "'" + field + "' must hold 1 to " + max + " characters");
        }
        if (!TEXT.matcher(v).matches() || v.contains("//")) {
            throw new KnowledgeRefusedException("invalid_" + leaf(field), field, "'" + field
                    + "' may hold letters, digits, spaces, dashes and the punctuation . , : ' ’ ( ) [ ] / + & % ? ! # * = @ only");
        }
        return v;
    }

    /** Prose of a synthesis: any printable text without the characters { } $ \\ ` < > and without control characters but line breaks. */
    public static String prose(String value, String field, int max) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty() || v.length() > max || !PROSE.matcher(v).matches()) {
            throw new KnowledgeRefusedException("invalid_" + leaf(field), field, "'" + field + "' must hold 1 to " + max
                    + " characters of plain text, without { } $ \\ ` < > or control characters");
        }
        return v;
    }

    public static String predicate(String value, String field) {
        return matching(value, PREDICATE, field, "an upper-case relation type such as TREATS (letters and underscores, at most 64)");
    }

    public static String domain(String value, String field) {
        return matching(value == null ? null : value.strip().toLowerCase(Locale.ROOT), DOMAIN, field,
                "a domain: lower-case letters, digits, '_' or '-', at most 64");
    }

    public static String word(String value, String field) {
        return matching(value, WORD, field, "a word of letters, digits, '_', '.', ':', '-' or spaces, at most 64");
    }

    public static String sourceTag(String value, String field) {
        return matching(value, SOURCE_TAG, field, "a tag of letters, digits, '_', '.', ':' or '-', at most 64");
    }

    /** A number from 0 to 1. */
    public static double unit(double value, String field) {
        if (Double.isNaN(value) || value < 0 || value > 1) {
            throw new KnowledgeRefusedException("invalid_" + leaf(field), field, "'" + field + "' must be a number from 0 to 1");
        }
        return value;
    }

    private static String matching(String value, Pattern pattern, String field, String what) {
        if (value == null || !pattern.matcher(value).matches()) {
            throw new KnowledgeRefusedException("invalid_" + leaf(field), field, "'" + field + "' must be " + what);
        }
        return value;
    }

    private static String leaf(String field) {
        String f = field.replaceAll("\\[\\d+]", "");
        return f.substring(f.lastIndexOf('.') + 1);
    }
}
