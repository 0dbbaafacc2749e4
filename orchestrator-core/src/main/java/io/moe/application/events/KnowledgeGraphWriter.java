package io.moe.application.events;

import io.moe.domain.shared.Ids;
import io.moe.infrastructure.graph.GraphStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes extracted triples as unverified relations between {@code :Entity} nodes (merged by lower-case
 * name, so no duplicates). A triple that contradicts a trusted relation between the same entities
 * (TREATS against CAUSES or CONTRAINDICATES) is skipped. The relation type is the validated predicate;
 * everything else goes in as parameters. A relation that several answers yield is stored once and remembers
 * the ids of the answers it came from ({@code response_ids}, the latest 20; {@code response_id} is the first).
 */
@ApplicationScoped
public class KnowledgeGraphWriter {

    static final double NEW_TRUST = 0.5;
    static final double TRUSTED = 0.7;
    /** How many answers a relation remembers as its sources (the most recent ones). */
    static final int MAX_SOURCES = 20;
    private static final Map<String, List<String>> CONFLICTS = Map.of(
            "TREATS", List.of("CAUSES", "CONTRAINDICATES"),
            "CAUSES", List.of("TREATS"),
            "CONTRAINDICATES", List.of("TREATS"));
    private static final String CONFLICTING = """
            MATCH (s:Entity {name_lc: $s})-[r]-(o:Entity {name_lc: $o})
            WHERE type(r) IN $types AND coalesce(r.trust, 0.5) >= $trusted
            RETURN count(r) AS n""";

    @Inject
    GraphStore graph;

    /** Stores the triples of one answer; returns how many were written (new or already known). */
    public int store(List<Triple> triples, String responseId) {
        int written = 0;
        for (Triple t : triples) {
            if (!Triple.PREDICATE.matcher(t.predicate()).matches()) {
                continue;
            }
            String s = t.subject().toLowerCase(Locale.ROOT);
            String o = t.object().toLowerCase(Locale.ROOT);
            List<String> against = CONFLICTS.getOrDefault(t.predicate(), List.of());
            if (!against.isEmpty() && graph.read(CONFLICTING, Map.of("s", s, "o", o, "types", against, "trusted", TRUSTED))
                    .get(0).get("n").asLong() > 0) {
                continue;
            }
            graph.write("MERGE (s:Entity {name_lc: $s}) ON CREATE SET s.name = $sName, s.created = $now "
                    + "MERGE (o:Entity {name_lc: $o}) ON CREATE SET o.name = $oName, o.created = $now "
                    + "MERGE (s)-[r:" + t.predicate() + "]->(o) "
                    + "ON CREATE SET r.trust = $trust, r.verified = false, r.flagged = false, r.source = 'ingest', "
                    + "r.response_id = $rid, r.response_ids = [$rid], r.created = $now "
                    + "ON MATCH SET r.response_ids = CASE WHEN $rid IN coalesce(r.response_ids, []) THEN r.response_ids "
                    + "ELSE (coalesce(r.response_ids, []) + $rid)[-" + MAX_SOURCES + "..] END",
                    Map.of("s", s, "o", o, "sName", t.subject(), "oName", t.object(), "now", Ids.nowUtc().toString(),
                            "trust", NEW_TRUST, "rid", responseId));
            written++;
        }
        return written;
    }
}
