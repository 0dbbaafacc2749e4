package io.moe.application.knowledge;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The parameters of an export (spec: knowledge export parameters), read strictly from their query text:
 * {@code domains} comma-separated (default all, at most {@value #MAX_DOMAINS}), {@code min_trust} 0..1
 * (default 0.3), {@code strip_sensitive} and {@code include_syntheses} true or false (default true).
 */
public record ExportFilter(List<String> domains, double minTrust, boolean stripSensitive, boolean includeSyntheses) {

    public static final int MAX_DOMAINS = 50;
    public static final double DEFAULT_MIN_TRUST = 0.3;

    public ExportFilter {
        domains = List.copyOf(domains);
    }

    /** Reads the query parameters; null means absent. */
    public static ExportFilter parse(String domains, String minTrust, String stripSensitive, String includeSyntheses) {
        return new ExportFilter(domains(domains), minTrust(minTrust), flag(stripSensitive, "strip_sensitive"),
                flag(includeSyntheses, "include_syntheses"));
    }

    KnowledgeStore.Scope scope() {
        return new KnowledgeStore.Scope(domains, minTrust);
    }

    private static List<String> domains(String text) {
        if (text == null || text.isBlank() || text.strip().equals("all")) {
            return List.of();
        }
        LinkedHashSet<String> list = new LinkedHashSet<>();
        for (String d : text.split(",", -1)) {
            list.add(BundleRules.domain(d, "domains"));
        }
        if (list.size() > MAX_DOMAINS) {
            throw new KnowledgeRefusedException("invalid_domains", "domains", "'domains' may name at most " + MAX_DOMAINS + " domains");
        }
        return new ArrayList<>(list);
    }

    private static double minTrust(String text) {
        if (text == null || text.isBlank()) {
            return DEFAULT_MIN_TRUST;
        }
        try {
            return BundleRules.unit(Double.parseDouble(text.strip()), "min_trust");
        } catch (NumberFormatException e) {
            throw new KnowledgeRefusedException("invalid_min_trust", "min_trust", "'min_trust' must be a number from 0 to 1");
        }
    }

    private static boolean flag(String text, String field) {
        if (text == null || text.isBlank()) {
            return true;
        }
        return switch (text.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new KnowledgeRefusedException("invalid_" + field, field, "'" + field + "' must be true or false");
        };
    }
}
