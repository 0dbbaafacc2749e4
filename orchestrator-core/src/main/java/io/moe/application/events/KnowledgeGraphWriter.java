package io.moe.application.events;

import io.moe.application.knowledge.EntityEmbeddings;
import io.moe.application.knowledge.ShareableKnowledge;
import io.moe.domain.pipeline.KnowledgeGraph;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;

/**
 * Writes extracted triples as unverified relations between {@code :Entity} nodes (merged by lower-case
 * name, so no duplicates); a triple {@link ShareableKnowledge} keeps from other users (a password, an address) is not written. A triple that contradicts an established relation between the same entities
 * (TREATS against CAUSES or CONTRAINDICATES; established: unflagged and verified or of trust {@value #TRUSTED} or
 * more) is skipped. The relation type is the validated predicate;
 * everything else goes in as parameters. A relation that several answers yield is stored once and remembers
 * the ids of the answers it came from (the latest 20; see {@link KnowledgeGraph#relate}).
 */
@ApplicationScoped
public class KnowledgeGraphWriter {

    static final double NEW_TRUST = 0.5;
    /**
     * The trust from which a relation counts as established, as a verified one does: a contradicting triple is then
     * skipped. Ingested relations start below it ({@value #NEW_TRUST}), as imported ones do by default.
     */
    public static final double TRUSTED = 0.7;
    /** Which predicates contradict which (spec: moe.ingest and knowledge import). */
    public static final Map<String, List<String>> CONFLICTS = Map.of(
            "TREATS", List.of("CAUSES", "CONTRAINDICATES"),
            "CAUSES", List.of("TREATS"),
            "CONTRAINDICATES", List.of("TREATS"));

    @Inject
    KnowledgeGraph graph;

    @Inject
    EntityEmbeddings embeddings;

    @Inject
    ShareableKnowledge shareable;

    /**
     * Stores the triples of one answer, new entities in {@code domain}; returns how many were written (new or
     * already known). New entities become searchable once {@link EntityEmbeddings} has embedded their names.
     */
    public int store(List<Triple> triples, String responseId, String domain) {
        int written = 0;
        for (Triple t : triples) {
            if (!Triple.PREDICATE.matcher(t.predicate()).matches() || !shareable.fact(t.subject(), t.predicate(), t.object())) {
                continue; // the graph is every user's: no secret of one user's answer goes into it
            }
            List<String> against = CONFLICTS.getOrDefault(t.predicate(), List.of());
            if (!against.isEmpty() && graph.related(t.subject(), t.object(), against, TRUSTED)) {
                continue;
            }
            graph.relate(t.subject(), t.predicate(), t.object(), responseId, NEW_TRUST, domain);
            written++;
        }
        if (written > 0 && embeddings != null) { // null only in tests that build the writer by hand
            embeddings.kick();
        }
        return written;
    }
}
