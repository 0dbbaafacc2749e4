package io.moe.application.knowledge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The export's pattern filter (spec: export protection 2): which kind of sensitive data a text holds, if
 * any: passwords, keys and secrets, credentials, IP addresses, e-mail addresses, infrastructure hints
 * (prefixes prod_, staging_, internal_ and the like, internal host names) and customer names (the word
 * customer or tenant, and every term an operator lists in {@code moe.graph.export.sensitive-terms}). The
 * filter errs towards removing: a false positive costs one fact, a false negative leaks one.
 */
public final class SensitiveText {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Map<String, Pattern> KINDS = new LinkedHashMap<>();

    static {
        KINDS.put("password", Pattern.compile("passw(?:or)?d|passwort|passphrase|\\bpwd\\b|kennwort", FLAGS));
        KINDS.put("key", Pattern.compile("(?:api|secret|access|private|ssh|signing|encryption)[_ -]?key|\\bsecret\\b|\\bbearer\\s+\\S"
                + "|moe-sk-[0-9a-f]{6,}|\\bsk-[A-Za-z0-9_-]{16,}|\\bAKIA[0-9A-Z]{16}\\b|-----BEGIN|\\b[0-9a-f]{32,}\\b"
                + "|\\b[A-Za-z0-9+/]{40,}={0,2}", FLAGS));
        KINDS.put("credential", Pattern.compile("credential|zugangsdaten|login[_ -]?data|auth[_ -]?token|access[_ -]?token", FLAGS));
        KINDS.put("ip_address", Pattern.compile("\\b(?:(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)\\b"
                + "|\\b(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}\\b|(?<![\\w:])::1\\b", FLAGS));
        KINDS.put("email", Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}", FLAGS));
        KINDS.put("infrastructure", Pattern.compile("\\b(?:prod|production|staging|stage|internal|intern|dev|qa|uat)[_-][a-z0-9]"
                + "|\\b[a-z0-9-]+\\.(?:internal|local|corp|lan|intranet|localdomain)\\b", FLAGS));
        KINDS.put("customer", Pattern.compile("\\b(?:customer|kunde|kundin|tenant|mandant)\\b", FLAGS));
    }

    private final Pattern customers;

    /** A filter that also removes every text naming one of {@code customerTerms} (whole words, any case). */
    public SensitiveText(List<String> customerTerms) {
        List<String> quoted = new ArrayList<>();
        for (String term : customerTerms) {
            if (!term.isBlank()) {
                quoted.add(Pattern.quote(term.strip().toLowerCase(Locale.ROOT)));
            }
        }
        this.customers = quoted.isEmpty() ? null : Pattern.compile("(?<![\\p{L}\\p{N}])(?:" + String.join("|", quoted) + ")(?![\\p{L}\\p{N}])", FLAGS);
    }

    /** The kinds this filter reports, in the order it checks them. */
    public static List<String> kinds() {
        return List.copyOf(KINDS.keySet());
    }

    /** The first kind of sensitive data in any of the texts, or empty when they are clean. */
    public Optional<String> kindOf(String... texts) {
        for (String text : texts) {
            if (text == null) {
                continue;
            }
            for (Map.Entry<String, Pattern> kind : KINDS.entrySet()) {
                if (kind.getValue().matcher(text).find()) {
                    return Optional.of(kind.getKey());
                }
            }
            if (customers != null && customers.matcher(text).find()) {
                return Optional.of("customer");
            }
        }
        return Optional.empty();
    }
}
