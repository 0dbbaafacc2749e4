package io.moe.simulator;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The pipeline role a request plays, recognised from its system prompt; the first match wins. */
enum Role {
    GAP_CHECK, CRITIC, TRIPLES, PLANNER, JUDGE, REASONING, INTERNAL, EXPERT, PLAIN,
    /** A web search on /search; never recognised from a system prompt. */
    SEARCH;

    private static final Pattern CATEGORY = Pattern.compile("category[:=]\\s*([a-z_]+)");

    static Role of(String system) {
        String s = system.toLowerCase(Locale.ROOT);
        if (s.contains("gap check") || s.contains("needs_more_info")) {
            return GAP_CHECK;
        }
        if (s.contains("critic")) {
            return CRITIC;
        }
        if (s.contains("triples")) {
            return TRIPLES;
        }
        if (s.contains("planner")) {
            return PLANNER;
        }
        if (s.contains("judge") || s.contains("synthesi")) {
            return JUDGE;
        }
        if (s.contains("reasoning trace")) {
            return REASONING;
        }
        if (s.contains("internal task")) {
            return INTERNAL;
        }
        if (s.contains("expert")) {
            return EXPERT;
        }
        return PLAIN;
    }

    /** The expert category named in the system prompt ({@code category: math}), or null. */
    static String category(String system) {
        Matcher m = CATEGORY.matcher(system.toLowerCase(Locale.ROOT));
        return m.find() ? m.group(1) : null;
    }

    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
