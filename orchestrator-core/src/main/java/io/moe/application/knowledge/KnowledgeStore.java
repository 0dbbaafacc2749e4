package io.moe.application.knowledge;

import io.moe.application.events.KnowledgeGraphWriter;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Port: the knowledge graph seen whole, for statistics, search, export and import (the pipeline's narrower
 * view is {@link io.moe.domain.pipeline.KnowledgeGraph}). Entities are known by their lower-case names; a
 * relation's type is its predicate. Reads that cover the whole graph hand their rows to a consumer one at a
 * time, so that no caller needs the graph in memory. Failures surface as runtime exceptions.
 */
public interface KnowledgeStore {

    /** Counts of the whole graph; each map holds its largest groups, at most {@code topGroups}. */
    Stats stats(int topGroups);

    /** The {@code k} entities whose name embeddings are nearest to {@code vector} (similarity 0..1, best first). */
    List<Candidate> nearestEntities(float[] vector, int k);

    /**
     * Relations touching the entities named (lower case), at most {@code limit}, each with the similarity of
     * both entities' name embeddings to {@code vector} (0 where an entity has none yet).
     */
    List<Fact> factsAround(Collection<String> namesLc, float[] vector, int limit);

    /** Entities whose name has no embedding yet: lower-case name to name, at most {@code limit}. */
    Map<String, String> unembedded(int limit);

    /** Stores name embeddings by lower-case name. */
    void embed(Map<String, float[]> vectors);

    /** Streams the entities of the scope's domains. */
    void eachEntity(Scope scope, Consumer<Entity> sink);

    /** Streams the unflagged relations between entities of the scope's domains with at least its trust. */
    void eachRelation(Scope scope, Consumer<Relation> sink);

    /** Streams the syntheses that name an entity of the scope's domains with at least its trust as confidence. */
    void eachSynthesis(Scope scope, Consumer<Synthesis> sink);

    /** Which of the lower-case names are entities. */
    Set<String> existingEntities(Collection<String> namesLc);

    /** The relations between each pair of lower-case names, in either direction. */
    List<Link> linksBetween(Collection<Pair> pairs);

    /** Which of the synthesis keys exist. */
    Set<String> existingSyntheses(Collection<String> keys);

    /** Writes one batch of an import, tagging everything it touches with {@code sourceTag}. */
    void write(ImportBatch batch, String sourceTag);

    /** Which entities an export or a statistic covers: the domains (empty for all) and the least trust. */
    record Scope(List<String> domains, double minTrust) {
        public Scope {
            domains = List.copyOf(domains);
        }
    }

    record Stats(long entities, long relations, long syntheses, long verified, long flagged,
                 Map<String, Long> entitiesByDomain, Map<String, Long> entitiesByType,
                 Map<String, Long> relationsByType, Map<String, Long> relationsByDomain) {
    }

    record Candidate(String name, String type, String domain, double score) {
    }

    record Fact(String subject, String predicate, String object, double trust, boolean verified, boolean flagged,
                double subjectScore, double objectScore) {
    }

    record Entity(String name, String type, String source, String domain) {
    }

    record Relation(String subject, String predicate, String object, double confidence, double trust, boolean verified) {
    }

    record Synthesis(String text, String insightType, List<String> entities, double confidence) {
        public Synthesis {
            entities = List.copyOf(entities);
        }
    }

    /** Two lower-case entity names. */
    record Pair(String subject, String object) {
    }

    /** A relation between two entities as found: {@code forward} when it runs from the pair's subject to its object. */
    record Link(Pair pair, String predicate, boolean forward, double trust, boolean verified, boolean flagged, String source) {

        /** Whether a contradicting triple must give way to it: unflagged, and verified or of trust {@value KnowledgeGraphWriter#TRUSTED} or more (as for the ingest). */
        public boolean established() {
            return !flagged && (verified || trust >= KnowledgeGraphWriter.TRUSTED);
        }
    }

    /**
     * What one import writes: new and known entities (both tagged), new relations, known unverified relations
     * whose trust may rise to the imported (capped) value, and new syntheses under their keys.
     */
    record ImportBatch(List<Entity> entities, List<Relation> relations, List<Relation> merges, Map<String, Synthesis> syntheses) {
    }
}
