package io.moe.domain.pipeline;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Port: the knowledge graph of entities (known by their lower-case names) and the relations between
 * them that answers yielded, each with a trust, a verified and a flagged mark and the answers it came
 * from. Graph context reads it (rule 3), ingest writes it, feedback marks its relations. Failures surface
 * as runtime exceptions; each caller decides whether the graph is optional for it.
 */
public interface KnowledgeGraph {

    /** Those of the lower-case {@code terms} that name an entity. */
    Set<String> knownTerms(Collection<String> terms);

    /** Unflagged relations up to two hops around the entities named by {@code terms}, highest trust first, at most {@code limit}. */
    List<GraphFact> factsAround(Collection<String> terms, int limit);

    /**
     * Whether an established relation of one of {@code types} joins the two entities, in either direction: not flagged,
     * and verified (an answer using it was rated 4 or 5) or of at least {@code minTrust}.
     */
    boolean related(String subject, String object, Collection<String> types, double minTrust);

    /**
     * Records that an answer yielded {@code subject predicate object}: the entities are merged by lower-case
     * name, a new relation starts unverified with {@code trust}, and a known one adds the answer to its sources.
     * {@code predicate} must be an upper-case relation type (letters, digits and underscores). New entities
     * get the {@code domain} (the answer's first category) and the type {@code concept}.
     */
    void relate(String subject, String predicate, String object, String responseId, double trust, String domain);

    /** {@link #relate(String, String, String, String, double, String)} in the domain {@code general}. */
    default void relate(String subject, String predicate, String object, String responseId, double trust) {
        relate(subject, predicate, object, responseId, trust, "general");
    }

    /** Flags the relations (never used again) and takes back their verification; returns how many exist. */
    long flag(Collection<String> relationIds);

    /** Verifies the relations and clears their flag; returns how many exist. */
    long verify(Collection<String> relationIds);

    /**
     * Marks the relations extracted from answer {@code responseId} (those naming it among their sources): verified and
     * unflagged when {@code verified}, else flagged and not verified; returns how many there are.
     */
    long markExtractedFrom(String responseId, boolean verified);
}
