package io.moe.infrastructure.graph;

import io.moe.application.knowledge.BundleRules;
import io.moe.application.knowledge.KnowledgeStore;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.neo4j.driver.Record;
import org.neo4j.driver.Value;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The knowledge graph whole, on the same nodes as {@link Neo4jKnowledgeGraph}: {@code :Entity} (by
 * {@code name_lc}, with {@code type}, {@code domain}, {@code source}, {@code sources} and the name's
 * {@code embedding} under the vector index {@value #INDEX}), relations typed by predicate, and {@code :Synthesis}
 * nodes keyed by a hash of their text. Every value is a parameter; the only text put into a query is a relation
 * type, after it matched {@link BundleRules#PREDICATE}. Missing properties of older nodes read as their
 * defaults (type concept, domain general, source ingest, trust 0.5).
 */
@ApplicationScoped
public class Neo4jKnowledgeStore implements KnowledgeStore {

    public static final String INDEX = "moe_entity_name";
    /**
     * One entity per lower-case name and one synthesis per key, enforced by the graph: MERGE alone does not keep two
     * imports (or an import and the ingest) that write the same name at the same moment from making two nodes; under a
     * uniqueness constraint the second MERGE waits for the first and then finds its node. Graphs of earlier versions had
     * plain indexes on these properties, which a constraint cannot stand beside: they are dropped first.
     */
    static final List<String> SCHEMA_UNIQUE = List.of(
            "DROP INDEX moe_entity_name_lc IF EXISTS",
            "CREATE CONSTRAINT moe_entity_name_lc_unique IF NOT EXISTS FOR (e:Entity) REQUIRE e.name_lc IS UNIQUE",
            "DROP INDEX moe_synthesis_key IF EXISTS",
            "CREATE CONSTRAINT moe_synthesis_key_unique IF NOT EXISTS FOR (y:Synthesis) REQUIRE y.key IS UNIQUE");
    /** Where a graph already holds duplicates (written before the constraints), the plain indexes stay. */
    private static final List<String> SCHEMA_PLAIN = List.of(
            "CREATE INDEX moe_entity_name_lc IF NOT EXISTS FOR (e:Entity) ON (e.name_lc)",
            "CREATE INDEX moe_synthesis_key IF NOT EXISTS FOR (y:Synthesis) ON (y.key)");
    private static final String SCHEMA_VECTOR = "CREATE VECTOR INDEX " + INDEX + " IF NOT EXISTS FOR (e:Entity) ON (e.embedding) "
            + "OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}";
    private static final String DOMAIN = "coalesce(%s.domain, 'general')";
    private static final String IN_SCOPE = "(size($domains) = 0 OR " + DOMAIN.formatted("s") + " IN $domains)";
    private static final String ENTITY_GROUPS = "MATCH (e:Entity) RETURN " + DOMAIN.formatted("e") + " AS domain, "
            + "coalesce(e.type, 'concept') AS type, count(*) AS n";
    private static final String RELATION_GROUPS = "MATCH (s:Entity)-[r]->(:Entity) RETURN type(r) AS type, " + DOMAIN.formatted("s")
            + " AS domain, count(*) AS n, sum(CASE WHEN r.verified THEN 1 ELSE 0 END) AS verified, "
            + "sum(CASE WHEN r.flagged THEN 1 ELSE 0 END) AS flagged";
    private static final String NEAREST = """
            CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node, score
            RETURN node.name AS name, coalesce(node.type, 'concept') AS type, coalesce(node.domain, 'general') AS domain, score""";
    private static final String FACTS = """
            UNWIND $names AS lc
            MATCH (e:Entity {name_lc: lc})-[r]-(:Entity)
            WITH DISTINCT r LIMIT $limit
            WITH r, startNode(r) AS s, endNode(r) AS o
            RETURN s.name AS s, type(r) AS p, o.name AS o, coalesce(r.trust, 0.5) AS trust,
                   coalesce(r.verified, false) AS verified, coalesce(r.flagged, false) AS flagged,
                   CASE WHEN s.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(s.embedding, $vector) END AS ss,
                   CASE WHEN o.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(o.embedding, $vector) END AS os""";
    private static final String UNEMBEDDED = "MATCH (e:Entity) WHERE e.embedding IS NULL AND e.name_lc IS NOT NULL "
            + "RETURN e.name_lc AS lc, coalesce(e.name, e.name_lc) AS name LIMIT $limit";
    private static final String EMBED = "UNWIND $rows AS row MATCH (e:Entity {name_lc: row.lc}) SET e.embedding = row.v";
    private static final String ENTITIES = "MATCH (s:Entity) WHERE s.name IS NOT NULL AND " + IN_SCOPE
            + " RETURN s.name AS name, coalesce(s.type, 'concept') AS type, coalesce(s.source, 'ingest') AS source, "
            + DOMAIN.formatted("s") + " AS domain";
    private static final String RELATIONS = "MATCH (s:Entity)-[r]->(o:Entity) WHERE " + IN_SCOPE
            + " AND (size($domains) = 0 OR " + DOMAIN.formatted("o") + " IN $domains)"
            + " AND coalesce(r.trust, 0.5) >= $minTrust AND NOT coalesce(r.flagged, false) AND s.name IS NOT NULL AND o.name IS NOT NULL"
            + " RETURN s.name AS s, type(r) AS p, o.name AS o, coalesce(r.confidence, r.trust, 0.5) AS confidence,"
            + " coalesce(r.trust, 0.5) AS trust, coalesce(r.verified, false) AS verified";
    private static final String SYNTHESES = """
            MATCH (y:Synthesis) WHERE coalesce(y.confidence, 0.5) >= $minTrust AND (size($domains) = 0 OR any(n IN coalesce(y.entities, [])
                  WHERE EXISTS { MATCH (s:Entity {name_lc: toLower(n)}) WHERE coalesce(s.domain, 'general') IN $domains }))
            RETURN y.text AS text, coalesce(y.insight_type, 'insight') AS type, coalesce(y.entities, []) AS entities,
                   coalesce(y.confidence, 0.5) AS confidence""";
    private static final String EXISTING = "UNWIND $keys AS k MATCH (e:Entity {name_lc: k}) RETURN DISTINCT k";
    private static final String LINKS = """
            UNWIND $pairs AS p
            MATCH (s:Entity {name_lc: p.s})-[r]-(o:Entity {name_lc: p.o})
            RETURN p.s AS s, p.o AS o, type(r) AS type, startNode(r) = s AS forward, coalesce(r.trust, 0.5) AS trust,
                   coalesce(r.verified, false) AS verified, coalesce(r.flagged, false) AS flagged, coalesce(r.source, 'ingest') AS source""";
    private static final String EXISTING_SYNTHESES = "UNWIND $keys AS k MATCH (y:Synthesis {key: k}) RETURN DISTINCT k";
    private static final String TAG = "CASE WHEN $tag IN coalesce(%1$s.sources, []) THEN %1$s.sources ELSE (coalesce(%1$s.sources, []) + $tag)[-20..] END";
    private static final String WRITE_ENTITIES = "UNWIND $rows AS row MERGE (e:Entity {name_lc: row.lc}) "
            + "ON CREATE SET e.name = row.name, e.type = row.type, e.domain = row.domain, e.source = $tag, e.sources = [$tag], e.created = $now "
            + "ON MATCH SET e.sources = " + TAG.formatted("e");
    private static final String WRITE_RELATIONS = "UNWIND $rows AS row MATCH (s:Entity {name_lc: row.s}) MATCH (o:Entity {name_lc: row.o}) "
            + "MERGE (s)-[r:%s]->(o) "
            + "ON CREATE SET r.trust = row.trust, r.confidence = row.confidence, r.verified = false, r.flagged = false, "
            + "r.source = $tag, r.sources = [$tag], r.created = $now "
            + "ON MATCH SET r.sources = CASE WHEN coalesce(r.verified, false) THEN r.sources ELSE " + TAG.formatted("r") + " END, "
            + "r.trust = CASE WHEN coalesce(r.verified, false) OR coalesce(r.trust, 0.5) >= row.trust THEN r.trust ELSE row.trust END";
    private static final String WRITE_SYNTHESES = "UNWIND $rows AS row MERGE (y:Synthesis {key: row.key}) "
            + "ON CREATE SET y.text = row.text, y.insight_type = row.type, y.entities = row.entities, y.confidence = row.confidence, "
            + "y.source = $tag, y.created = $now";

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(Neo4jKnowledgeStore.class.getName());

    @Inject
    Neo4jClient graph;

    private volatile boolean schemaReady;

    public Neo4jKnowledgeStore() {
    }

    /** For tests and the benchmark, outside CDI. */
    public Neo4jKnowledgeStore(Neo4jClient graph) {
        this.graph = graph;
    }

    @Override
    public Stats stats(int topGroups) {
        long entities = 0;
        Map<String, Long> byDomain = new HashMap<>();
        Map<String, Long> byType = new HashMap<>();
        for (Record r : graph.read(ENTITY_GROUPS, Map.of())) {
            long n = r.get("n").asLong();
            entities += n;
            byDomain.merge(r.get("domain").asString(), n, Long::sum);
            byType.merge(r.get("type").asString(), n, Long::sum);
        }
        long relations = 0;
        long verified = 0;
        long flagged = 0;
        Map<String, Long> relByType = new HashMap<>();
        Map<String, Long> relByDomain = new HashMap<>();
        for (Record r : graph.read(RELATION_GROUPS, Map.of())) {
            long n = r.get("n").asLong();
            relations += n;
            verified += r.get("verified").asLong();
            flagged += r.get("flagged").asLong();
            relByType.merge(r.get("type").asString(), n, Long::sum);
            relByDomain.merge(r.get("domain").asString(), n, Long::sum);
        }
        long syntheses = graph.read("MATCH (y:Synthesis) RETURN count(y) AS n", Map.of()).get(0).get("n").asLong();
        return new Stats(entities, relations, syntheses, verified, flagged, top(byDomain, topGroups), top(byType, topGroups),
                top(relByType, topGroups), top(relByDomain, topGroups));
    }

    @Override
    public List<Candidate> nearestEntities(float[] vector, int k) {
        ensureSchema();
        List<Candidate> out = new ArrayList<>();
        for (Record r : graph.read(NEAREST, Map.of("index", INDEX, "k", k, "vector", Neo4jSemanticCacheIndex.vector(vector)))) {
            if (!r.get("name").isNull()) {
                out.add(new Candidate(r.get("name").asString(), r.get("type").asString(), r.get("domain").asString(), r.get("score").asDouble()));
            }
        }
        return out;
    }

    @Override
    public List<Fact> factsAround(Collection<String> namesLc, float[] vector, int limit) {
        List<Fact> out = new ArrayList<>();
        for (Record r : graph.read(FACTS, Map.of("names", List.copyOf(namesLc), "limit", limit, "vector", Neo4jSemanticCacheIndex.vector(vector)))) {
            out.add(new Fact(r.get("s").asString(""), r.get("p").asString(), r.get("o").asString(""), r.get("trust").asDouble(),
                    r.get("verified").asBoolean(), r.get("flagged").asBoolean(), r.get("ss").asDouble(), r.get("os").asDouble()));
        }
        return out;
    }

    @Override
    public Map<String, String> unembedded(int limit) {
        ensureSchema();
        Map<String, String> out = new LinkedHashMap<>();
        graph.read(UNEMBEDDED, Map.of("limit", limit)).forEach(r -> out.put(r.get("lc").asString(), r.get("name").asString()));
        return out;
    }

    @Override
    public void embed(Map<String, float[]> vectors) {
        List<Map<String, Object>> rows = new ArrayList<>();
        vectors.forEach((lc, v) -> rows.add(Map.of("lc", lc, "v", Neo4jSemanticCacheIndex.vector(v))));
        graph.write(EMBED, Map.of("rows", rows));
    }

    @Override
    public void eachEntity(Scope scope, Consumer<Entity> sink) {
        graph.stream(ENTITIES, scope(scope), r -> sink.accept(new Entity(r.get("name").asString(), r.get("type").asString(),
                r.get("source").asString(), r.get("domain").asString())));
    }

    @Override
    public void eachRelation(Scope scope, Consumer<Relation> sink) {
        graph.stream(RELATIONS, scope(scope), r -> sink.accept(new Relation(r.get("s").asString(), r.get("p").asString(),
                r.get("o").asString(), r.get("confidence").asDouble(), r.get("trust").asDouble(), r.get("verified").asBoolean())));
    }

    @Override
    public void eachSynthesis(Scope scope, Consumer<Synthesis> sink) {
        graph.stream(SYNTHESES, scope(scope), r -> sink.accept(new Synthesis(r.get("text").asString(""), r.get("type").asString(),
                r.get("entities").asList(Value::asString), r.get("confidence").asDouble())));
    }

    @Override
    public Set<String> existingEntities(Collection<String> namesLc) {
        return existing(EXISTING, namesLc);
    }

    @Override
    public List<Link> linksBetween(Collection<Pair> pairs) {
        List<Map<String, Object>> rows = pairs.stream().map(p -> Map.<String, Object>of("s", p.subject(), "o", p.object())).toList();
        List<Link> out = new ArrayList<>();
        for (Record r : graph.read(LINKS, Map.of("pairs", rows))) {
            out.add(new Link(new Pair(r.get("s").asString(), r.get("o").asString()), r.get("type").asString(), r.get("forward").asBoolean(),
                    r.get("trust").asDouble(), r.get("verified").asBoolean(), r.get("flagged").asBoolean(), r.get("source").asString()));
        }
        return out;
    }

    @Override
    public Set<String> existingSyntheses(Collection<String> keys) {
        return existing(EXISTING_SYNTHESES, keys);
    }

    /** The {@code $keys} a query that returns the found ones as {@code k} found. */
    private Set<String> existing(String cypher, Collection<String> keys) {
        ensureSchema();
        Set<String> out = new HashSet<>();
        graph.read(cypher, Map.of("keys", List.copyOf(keys))).forEach(r -> out.add(r.get("k").asString()));
        return out;
    }

    @Override
    public void write(ImportBatch batch, String sourceTag) {
        ensureSchema();
        String now = Ids.nowUtc().toString();
        if (!batch.entities().isEmpty()) {
            List<Map<String, Object>> rows = batch.entities().stream().map(e -> Map.<String, Object>of("lc", e.name().toLowerCase(java.util.Locale.ROOT),
                    "name", e.name(), "type", e.type(), "domain", e.domain())).toList();
            graph.write(WRITE_ENTITIES, Map.of("rows", rows, "tag", sourceTag, "now", now));
        }
        Map<String, List<Map<String, Object>>> byType = new LinkedHashMap<>();
        List<Relation> relations = new ArrayList<>(batch.relations());
        relations.addAll(batch.merges());
        for (Relation r : relations) {
            if (!BundleRules.PREDICATE.matcher(r.predicate()).matches()) {
                throw new IllegalArgumentException("not a relation type: " + r.predicate());
            }
            byType.computeIfAbsent(r.predicate(), t -> new ArrayList<>()).add(Map.of("s", r.subject().toLowerCase(java.util.Locale.ROOT),
                    "o", r.object().toLowerCase(java.util.Locale.ROOT), "trust", r.trust(), "confidence", r.confidence()));
        }
        byType.forEach((type, rows) -> graph.write(WRITE_RELATIONS.formatted(type), Map.of("rows", rows, "tag", sourceTag, "now", now)));
        if (!batch.syntheses().isEmpty()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            batch.syntheses().forEach((key, s) -> rows.add(Map.of("key", key, "text", s.text(), "type", s.insightType(),
                    "entities", s.entities(), "confidence", s.confidence())));
            graph.write(WRITE_SYNTHESES, Map.of("rows", rows, "tag", sourceTag, "now", now));
        }
    }

    private static Map<String, Object> scope(Scope scope) {
        return Map.of("domains", scope.domains(), "minTrust", scope.minTrust());
    }

    private static Map<String, Long> top(Map<String, Long> counts, int n) {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(n)
                .forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    private void ensureSchema() {
        if (!schemaReady) {
            try {
                SCHEMA_UNIQUE.forEach(statement -> graph.write(statement, Map.of()));
            } catch (org.neo4j.driver.exceptions.Neo4jException duplicates) {
                String code = String.valueOf(duplicates.code());
                if (!code.contains("ConstraintCreationFailed") && !code.contains("ConstraintValidationFailed")) {
                    throw duplicates; // an outage or a passing schema lock: asked again at the next use
                }
                LOG.warning(() -> "Entity names or synthesis keys are not unique in the graph (written before they were enforced), "
                        + "so their uniqueness is not enforced yet; merge the duplicates (MATCH (e:Entity) WITH e.name_lc AS n, "
                        + "count(*) AS c WHERE c > 1 RETURN n) and restart: " + duplicates.getMessage());
                SCHEMA_PLAIN.forEach(statement -> graph.write(statement, Map.of()));
            }
            graph.write(SCHEMA_VECTOR, Map.of());
            graph.write("CALL db.awaitIndexes(60)", Map.of());
            schemaReady = true;
        }
    }
}
