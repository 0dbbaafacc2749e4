package io.moe.infrastructure.graph;

import io.moe.devservices.TestStores;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.KnowledgeGraph;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The knowledge-graph adapter against a real Neo4j; every test names its own entities. */
class Neo4jKnowledgeGraphTest {

    private static final TestStores STORES = TestStores.shared();
    private static Neo4jClient client;
    private static KnowledgeGraph graph;

    @BeforeAll
    static void open() {
        client = new Neo4jClient(STORES.neo4jUri(), null, null);
        graph = new Neo4jKnowledgeGraph(client);
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @Test
    void knownTermsAreTheLowerCaseNamesOfEntities() {
        String a = "Aspirin-" + UUID.randomUUID();
        graph.relate(a, "TREATS", "Headache-" + a, "chatcmpl-1", 0.5);

        assertEquals(Set.of(a.toLowerCase()), graph.knownTerms(List.of(a.toLowerCase(), "unknown-" + UUID.randomUUID())));
    }

    @Test
    void factsReachTwoHopsSkipFlaggedRelationsAndComeHighestTrustFirst() {
        String a = "a-" + UUID.randomUUID();
        graph.relate(a, "PART_OF", "B-" + a, "chatcmpl-1", 0.6);
        graph.relate("B-" + a, "PART_OF", "C-" + a, "chatcmpl-1", 0.9);
        graph.relate("C-" + a, "PART_OF", "D-" + a, "chatcmpl-1", 0.8);

        List<GraphFact> facts = graph.factsAround(List.of(a), 10);

        assertEquals(List.of("B-" + a + " PART_OF C-" + a, a + " PART_OF B-" + a),
                facts.stream().map(GraphFact::sentence).toList(), "two hops, highest trust first");
        assertEquals(List.of(0.9, 0.6), facts.stream().map(GraphFact::trust).toList());
        assertEquals(1, graph.factsAround(List.of(a), 1).size(), "the limit holds");

        assertEquals(1, graph.flag(List.of(facts.get(0).id(), "4:no-such:0")));

        assertEquals(List.of(a + " PART_OF B-" + a), graph.factsAround(List.of(a), 10).stream().map(GraphFact::sentence).toList());
    }

    @Test
    void verifyingARelationClearsItsFlag() {
        String a = "v-" + UUID.randomUUID();
        graph.relate(a, "CAUSES", "Effect-" + a, "chatcmpl-1", 0.5);
        String id = graph.factsAround(List.of(a), 10).get(0).id();
        graph.flag(List.of(id));
        assertEquals(List.of(), graph.factsAround(List.of(a), 10));

        assertEquals(1, graph.verify(List.of(id)));

        assertEquals(List.of(id), graph.factsAround(List.of(a), 10).stream().map(GraphFact::id).toList());
        Map<String, Object> marks = client.read("MATCH ()-[r]->() WHERE elementId(r) = $id RETURN r.verified AS v, r.flagged AS f",
                Map.of("id", id)).get(0).asMap();
        assertEquals(Map.of("v", true, "f", false), marks);
    }

    @Test
    void relatedFindsATrustedRelationInEitherDirectionOnly() {
        String drug = "Drug-" + UUID.randomUUID();
        graph.relate(drug, "TREATS", "Fever-" + drug, "chatcmpl-1", 0.8);

        assertTrue(graph.related("fever-" + drug, drug, List.of("TREATS"), 0.7), "either direction, any case");
        assertFalse(graph.related(drug, "Fever-" + drug, List.of("TREATS"), 0.9), "not trusted enough");
        assertFalse(graph.related(drug, "Fever-" + drug, List.of("CAUSES"), 0.1), "another type");
    }

    @Test
    void theRelationsExtractedFromOneAnswerAreMarkedTogether() {
        String a = "Alpha-" + UUID.randomUUID();
        String rated = "chatcmpl-" + UUID.randomUUID();
        graph.relate(a, "PART_OF", "Beta-" + a, rated, 0.5);
        graph.relate(a, "USES", "Gamma-" + a, "chatcmpl-other", 0.5);
        graph.relate(a, "USES", "Gamma-" + a, rated, 0.5); // a second answer yielding a known relation

        assertEquals(2, graph.markExtractedFrom(rated, false));
        assertEquals(List.of(), graph.factsAround(List.of(a.toLowerCase()), 10), "both flagged: never used again");
        assertEquals(2, graph.markExtractedFrom(rated, true));
        assertEquals(2, graph.factsAround(List.of(a.toLowerCase()), 10).size(), "verified: used again");
        assertEquals(0, graph.markExtractedFrom("chatcmpl-" + UUID.randomUUID(), false), "an answer that yielded nothing");
    }

    @Test
    void aVerifiedRelationIsEstablishedWhateverItsTrustAndAFlaggedOneNever() {
        String drug = "Drug-" + UUID.randomUUID();
        graph.relate(drug, "CAUSES", "Rash-" + drug, "chatcmpl-1", 0.5);
        assertFalse(graph.related(drug, "Rash-" + drug, List.of("CAUSES"), 0.7), "new and unrated");
        graph.verify(List.of(graph.factsAround(List.of(drug.toLowerCase()), 5).get(0).id()));
        assertTrue(graph.related(drug, "Rash-" + drug, List.of("CAUSES"), 0.7), "rated 4 or 5");
        String other = "Drug-" + UUID.randomUUID();
        graph.relate(other, "TREATS", "Cough-" + other, "chatcmpl-2", 0.9);
        assertTrue(graph.related(other, "Cough-" + other, List.of("TREATS"), 0.7), "trusted");
        graph.flag(List.of(graph.factsAround(List.of(other.toLowerCase()), 5).get(0).id()));
        assertFalse(graph.related(other, "Cough-" + other, List.of("TREATS"), 0.7), "rated 1 or 2: it establishes nothing");
    }

    @Test
    void aRelationRemembersItsLatestTwentyAnswersOnce() {
        String a = "s-" + UUID.randomUUID();
        IntStream.rangeClosed(1, 25).forEach(i -> graph.relate(a, "PART_OF", "Whole-" + a, "chatcmpl-" + i, 0.5));
        graph.relate(a, "PART_OF", "Whole-" + a, "chatcmpl-25", 0.5);

        var row = client.read("MATCH (:Entity {name_lc: $s})-[r:PART_OF]->() RETURN r.response_id AS first, r.response_ids AS ids, "
                + "count(r) AS n", Map.of("s", a)).get(0);
        assertEquals(1, row.get("n").asLong());
        assertEquals("chatcmpl-1", row.get("first").asString());
        assertEquals(IntStream.rangeClosed(6, 25).mapToObj(i -> "chatcmpl-" + i).toList(), row.get("ids").asList(v -> v.asString()));
    }

    @Test
    void aPredicateThatIsNoRelationTypeIsRefusedBeforeAnyQuery() {
        String a = "x-" + UUID.randomUUID();
        assertThrows(IllegalArgumentException.class,
                () -> graph.relate(a, "PART_OF]->(o) DETACH DELETE o //", "y-" + a, "chatcmpl-1", 0.5));
        assertEquals(Set.of(), graph.knownTerms(List.of(a)), "nothing was written");
    }
}
