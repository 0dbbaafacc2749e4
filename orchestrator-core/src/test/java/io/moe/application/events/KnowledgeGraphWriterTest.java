package io.moe.application.events;

import io.moe.application.knowledge.ShareableKnowledge;
import io.moe.devservices.TestStores;
import io.moe.infrastructure.graph.Neo4jClient;
import io.moe.infrastructure.graph.Neo4jKnowledgeGraph;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The ingest writer over its Neo4j adapter against a real Neo4j: one relation per triple, remembering every answer it came from. */
class KnowledgeGraphWriterTest {

    private static final TestStores STORES = TestStores.shared();

    @Test
    void aTripleFromTwoAnswersIsOneUnverifiedRelationLinkedToBoth() {
        try (Neo4jClient graph = new Neo4jClient(STORES.neo4jUri(), null, null)) {
            KnowledgeGraphWriter writer = new KnowledgeGraphWriter();
            writer.graph = new Neo4jKnowledgeGraph(graph);
            writer.shareable = ShareableKnowledge.with(List.of());
            String subject = "Subject-" + UUID.randomUUID();
            List<Triple> triples = Triple.parse(subject + " | PART_OF | Lighthouse district\nno triple here");

            assertEquals(1, writer.store(triples, "chatcmpl-first", "general"));
            assertEquals(1, writer.store(triples, "chatcmpl-second", "general"));
            assertEquals(1, writer.store(triples, "chatcmpl-second", "general"));

            var rows = graph.read("MATCH (:Entity {name_lc: $s})-[r:PART_OF]->(:Entity {name_lc: 'lighthouse district'}) "
                    + "RETURN r.response_id AS first, r.response_ids AS ids, r.verified AS verified, r.trust AS trust",
                    Map.of("s", subject.toLowerCase()));
            assertEquals(1, rows.size(), "merged, not duplicated");
            assertEquals("chatcmpl-first", rows.get(0).get("first").asString());
            assertEquals(List.of("chatcmpl-first", "chatcmpl-second"), rows.get(0).get("ids").asList(v -> v.asString()));
            assertEquals(false, rows.get(0).get("verified").asBoolean());
            assertEquals(0.5, rows.get(0).get("trust").asDouble());
        }
    }

    @Test
    void aSecretInOneUsersAnswerIsNeverWrittenToTheGraphEveryUserShares() {
        try (Neo4jClient graph = new Neo4jClient(STORES.neo4jUri(), null, null)) {
            KnowledgeGraphWriter writer = new KnowledgeGraphWriter();
            writer.graph = new Neo4jKnowledgeGraph(graph);
            writer.shareable = ShareableKnowledge.with(List.of("Acme Shipping"));
            String holder = "Vault-" + UUID.randomUUID().toString().substring(0, 8);
            List<Triple> triples = Triple.parse(String.join("\n",
                    holder + " | HAS_PASSWORD | hunter2",
                    holder + " | AUTHENTICATES_WITH | token store",
                    holder + " | MANAGED_BY | ops@example.com",
                    holder + " | RUNS_ON | 10.1.2.3",
                    holder + " | SERVES | Acme Shipping",
                    holder + " | PART_OF | Harbour archive"));

            assertEquals(6, triples.size(), "all six are well-formed triples");
            assertEquals(1, writer.store(triples, "chatcmpl-secret", "general"), "only the harmless one is written");

            var rows = graph.read("MATCH (:Entity {name_lc: $s})-[r]->(o:Entity) RETURN type(r) AS p, o.name AS o",
                    Map.of("s", holder.toLowerCase()));
            assertEquals(List.of("PART_OF Harbour archive"), rows.stream().map(r -> r.get("p").asString() + " " + r.get("o").asString()).toList());
            assertEquals(0, graph.read("MATCH (e:Entity) WHERE e.name_lc IN ['hunter2', 'ops@example.com', '10.1.2.3'] RETURN e",
                    Map.of()).size(), "nor are their names entities");
        }
    }
}
