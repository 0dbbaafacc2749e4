package io.moe.application.knowledge;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * What of the knowledge graph may reach every user. The graph is shared: what one user's answer teaches it goes into
 * other users' prompts (graph context) and comes back from {@code GET /graph/search} to any key. So a fact of an
 * excluded relation type ({@link BundleRules#EXCLUDED_TYPES}), or one naming a password, key, credential, IP or
 * e-mail address, infrastructure hint or customer (the export's pattern filter, {@link SensitiveText}), is never
 * stored from an answer, and never shown or put into a prompt from what the graph already holds.
 */
@ApplicationScoped
public class ShareableKnowledge {

    @Inject
    KnowledgeSettings settings;

    private volatile SensitiveText filter;

    public ShareableKnowledge() {
    }

    /** Without configuration: the export's filter with {@code customerTerms}. */
    public static ShareableKnowledge with(java.util.List<String> customerTerms) {
        ShareableKnowledge shareable = new ShareableKnowledge();
        shareable.filter = new SensitiveText(customerTerms);
        return shareable;
    }

    /** Whether the relation may be stored from an answer, shown, or given to a prompt. */
    public boolean fact(String subject, String predicate, String object) {
        return !BundleRules.EXCLUDED_TYPES.contains(predicate) && filter().kindOf(subject, object).isEmpty();
    }

    /** Whether an entity of this name may be shown. */
    public boolean entity(String name) {
        return filter().kindOf(name).isEmpty();
    }

    private SensitiveText filter() {
        SensitiveText f = filter;
        if (f == null) {
            f = new SensitiveText(settings.sensitiveTermList());
            filter = f;
        }
        return f;
    }
}
