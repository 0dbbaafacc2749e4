package io.moe.domain.template;

/**
 * A stored template configuration's parse, kept until the configuration changes: every request of a template asks
 * for it, and parsing and validating the JSON each time cost a request more than its cache lookup. Thread-safe (two
 * threads may both parse a new configuration; either result is the same).
 */
final class TemplateParse {

    private volatile Parsed last;

    /** A configuration and the template parsed from it. */
    private record Parsed(String json, ExpertTemplate template) {
    }

    ExpertTemplate of(String json) {
        Parsed kept = last;
        if (kept == null || !kept.json().equals(json)) {
            kept = new Parsed(json, ExpertTemplate.parse(json));
            last = kept;
        }
        return kept.template();
    }
}
