package io.moe.infrastructure.graph;

import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.KnowledgeGraph;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.neo4j.driver.Record;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The knowledge graph as {@code :Entity} nodes (merged by {@code name_lc}) joined by relations whose type is
 * the predicate. A relation that several answers yield is stored once and remembers the ids of the answers
 * it came from ({@code response_ids}, the latest {@value #MAX_SOURCES}; {@code response_id} is the first).
 * Only the relation type is part of the query text, and only after it matched {@link #RELATION_TYPE};
 * everything else goes in as parameters. Driver failures propagate.
 */
@ApplicationScoped
@CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = Neo4jClient.BREAKER_OPEN_MILLIS, successThreshold = 1)
public class Neo4jKnowledgeGraph implements KnowledgeGraph {

    /** How many answers a relation remembers as its sources (the most recent ones). */
    static final int MAX_SOURCES = 20;
    static final Pattern RELATION_TYPE = Pattern.compile("[A-Z][A-Z0-9_]{0,63}");
    private static final String KNOWN = "MATCH (e:Entity) WHERE e.name_lc IN $terms RETURN DISTINCT e.name_lc AS term";
    private static final String FACTS = """
            MATCH (e:Entity) WHERE e.name_lc IN $terms
            MATCH path = (e)-[*1..2]-(:Entity)
            UNWIND relationships(path) AS r
            WITH DISTINCT r
            WHERE coalesce(r.flagged, false) = false
            RETURN elementId(r) AS id, startNode(r).name AS s, type(r) AS p, endNode(r).name AS o,
                   coalesce(r.trust, 0.5) AS trust
            ORDER BY trust DESC LIMIT $limit""";
    private static final String RELATED = """
            MATCH (s:Entity {name_lc: $s})-[r]-(o:Entity {name_lc: $o})
            WHERE type(r) IN $types AND coalesce(r.flagged, false) = false
              AND (coalesce(r.trust, 0.5) >= $trusted OR coalesce(r.verified, false) = true)
            RETURN count(r) AS n""";
    private static final String RELATE = "MERGE (s:Entity {name_lc: $s}) ON CREATE SET s.name = $sName, s.created = $now, s.domain = $domain, s.type = 'concept', s.source = 'ingest' "
            + "MERGE (o:Entity {name_lc: $o}) ON CREATE SET o.name = $oName, o.created = $now, o.domain = $domain, o.type = 'concept', o.source = 'ingest' "
            + "MERGE (s)-[r:%s]->(o) "
            + "ON CREATE SET r.trust = $trust, r.verified = false, r.flagged = false, r.source = 'ingest', "
            + "r.response_id = $rid, r.response_ids = [$rid], r.created = $now "
            + "ON MATCH SET r.response_ids = CASE WHEN $rid IN coalesce(r.response_ids, []) THEN r.response_ids "
            + "ELSE (coalesce(r.response_ids, []) + $rid)[-" + MAX_SOURCES + "..] END";
    private static final String FLAG = "MATCH ()-[r]->() WHERE elementId(r) IN $ids "
            + "SET r.flagged = true, r.verified = false RETURN count(r) AS n";
    private static final String VERIFY = "MATCH ()-[r]->() WHERE elementId(r) IN $ids "
            + "SET r.verified = true, r.flagged = false RETURN count(r) AS n";
    /** Reads every relation (no index holds a list property of relations of any type); a rating is rare. */
    private static final String MARK_EXTRACTED = "MATCH ()-[r]->() WHERE $rid IN coalesce(r.response_ids, []) "
            + "SET r.verified = $verified, r.flagged = NOT $verified RETURN count(r) AS n";

    @Inject
    Neo4jClient graph;

    public Neo4jKnowledgeGraph() {
    }

    /** For tests, outside CDI. */
    public Neo4jKnowledgeGraph(Neo4jClient graph) {
        this.graph = graph;
    }

    @Override
    public Set<String> knownTerms(Collection<String> terms) {
        Set<String> known = new LinkedHashSet<>();
        graph.read(KNOWN, Map.of("terms", List.copyOf(terms))).forEach(r -> known.add(r.get("term").asString()));
        return known;
    }

    @Override
    public List<GraphFact> factsAround(Collection<String> terms, int limit) {
        List<GraphFact> facts = new ArrayList<>();
        for (Record r : graph.read(FACTS, Map.of("terms", List.copyOf(terms), "limit", limit))) {
            facts.add(new GraphFact(r.get("id").asString(), r.get("s").asString(), r.get("p").asString(),
                    r.get("o").asString(), r.get("trust").asDouble()));
        }
        return facts;
    }

    @Override
    public boolean related(String subject, String object, Collection<String> types, double minTrust) {
        return graph.read(RELATED, Map.of("s", lower(subject), "o", lower(object), "types", List.copyOf(types), "trusted", minTrust))
                .get(0).get("n").asLong() > 0;
    }

    @Override
    public void relate(String subject, String predicate, String object, String responseId, double trust, String domain) {
        if (!RELATION_TYPE.matcher(predicate).matches()) {
            throw new IllegalArgumentException("not a relation type: " + predicate);
        }
        graph.write(RELATE.formatted(predicate), Map.of("s", lower(subject), "o", lower(object), "sName", subject,
                "oName", object, "now", Ids.nowUtc().toString(), "trust", trust, "rid", responseId, "domain", domain));
    }

    @Override
    public long flag(Collection<String> relationIds) {
        return mark(FLAG, relationIds);
    }

    @Override
    public long verify(Collection<String> relationIds) {
        return mark(VERIFY, relationIds);
    }

    @Override
    public long markExtractedFrom(String responseId, boolean verified) {
        return graph.write(MARK_EXTRACTED, Map.of("rid", responseId, "verified", verified)).get(0).get("n").asLong();
    }

    private long mark(String cypher, Collection<String> relationIds) {
        return relationIds.isEmpty() ? 0 : graph.write(cypher, Map.of("ids", List.copyOf(relationIds))).get(0).get("n").asLong();
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
