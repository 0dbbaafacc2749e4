package io.moe.application.knowledge;

import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Arrays;
import java.util.List;

/** The limits and defaults of the knowledge API ({@code moe.graph.*}; each default lives here and only here). */
@Dependent
public class KnowledgeSettings {

    /** The most entities, relations and syntheses together in one imported bundle (413 above it). */
    @Inject
    @ConfigProperty(name = "moe.graph.import.max-items", defaultValue = "50000")
    public int maxImportItems;

    /** The ceiling of imported trust: a request's trust_floor defaults to it and can only lower it. */
    @Inject
    @ConfigProperty(name = "moe.graph.import.trust-floor", defaultValue = "0.5")
    public double trustFloor;

    /** Customer names and other words whose entities and relations an export with strip_sensitive leaves out. */
    @Inject
    @ConfigProperty(name = "moe.graph.export.sensitive-terms", defaultValue = " ")
    public String sensitiveTerms;

    /** The longest search query in characters. */
    @Inject
    @ConfigProperty(name = "moe.graph.search.max-query-chars", defaultValue = "500")
    public int maxQueryChars;

    public List<String> sensitiveTermList() {
        return Arrays.stream(sensitiveTerms.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
