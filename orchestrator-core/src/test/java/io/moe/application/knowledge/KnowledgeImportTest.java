package io.moe.application.knowledge;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An import written in batches: a graph that fails part way is reported as such, never as "nothing changed". */
class KnowledgeImportTest {

    private final AtomicInteger writes = new AtomicInteger();
    private final AtomicInteger kicks = new AtomicInteger();
    private List<KnowledgeStore.Link> known = List.of();
    private final AtomicInteger forgotten = new AtomicInteger();

    /** A graph that holds nothing and fails on write number {@code failingWrite} (0: never). */
    private KnowledgeImport importer(int failingWrite, RuntimeException failure) {
        KnowledgeImport importer = new KnowledgeImport();
        importer.settings = new KnowledgeSettings();
        importer.settings.maxImportItems = 50_000;
        importer.settings.trustFloor = 0.5;
        importer.embeddings = new EntityEmbeddings() {
            @Override
            public void kick() {
                kicks.incrementAndGet();
            }
        };
        importer.factLists = (io.moe.application.pipeline.graph.GraphFactCache) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {io.moe.application.pipeline.graph.GraphFactCache.class}, (proxy, method, args) -> {
                    forgotten.incrementAndGet();
                    return null;
                });
        importer.store = (KnowledgeStore) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {KnowledgeStore.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "existingEntities", "existingSyntheses" -> Set.of();
                    case "linksBetween" -> known;
                    case "write" -> {
                        if (writes.incrementAndGet() == failingWrite) {
                            throw failure;
                        }
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return importer;
    }

    /** A bundle of {@code entities} entities, enough for more than one batch when over 1,000. */
    private static JsonValue request(int entities) {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (int i = 0; i < entities; i++) {
            list.add(Jsonp.createObjectBuilder().add("name", "Entity " + i).add("type", "concept").add("domain", "general"));
        }
        return Jsonp.createObjectBuilder().add("bundle", Jsonp.createObjectBuilder().add("format_version", "1.0")
                .add("entities", list).add("relations", Jsonp.createArrayBuilder()).add("syntheses", Jsonp.createArrayBuilder())).build();
    }

    @Test
    void aGraphFailingAfterTheFirstBatchIsReportedAsAPartImportToRepeat() {
        RuntimeException down = new IllegalStateException("connection refused");

        KnowledgeRefusedException e = assertThrows(KnowledgeRefusedException.class,
                () -> importer(2, down).run(request(1_500), false));

        assertEquals(Refusal.Kind.UNAVAILABLE, e.kind());
        assertEquals("partly_imported", e.code());
        assertTrue(e.getMessage().contains("after 1 batches") && e.getMessage().contains("import the same bundle again"), e.getMessage());
        assertEquals(1, kicks.get(), "what was written is still embedded");
    }

    @Test
    void aGraphFailingBeforeAnythingWasWrittenFailsAsTheStoreDid() {
        RuntimeException down = new IllegalStateException("connection refused");

        assertSame(down, assertThrows(IllegalStateException.class, () -> importer(1, down).run(request(10), false)));
    }

    @Test
    void aRelationContradictingAVerifiedOneIsSkippedWhateverThatOnesTrust() {
        KnowledgeStore.Pair pair = new KnowledgeStore.Pair("aspirin", "rash");
        known = List.of(new KnowledgeStore.Link(pair, "CAUSES", true, 0.5, true, false, "ingest"));
        ImportReport verified = importer(0, null).run(treats(), false);
        assertEquals(1, verified.contradictions().size(), "a user rated an answer using 'aspirin CAUSES rash' 4 or 5");
        assertEquals(0, verified.relationsCreated);

        known = List.of(new KnowledgeStore.Link(pair, "CAUSES", true, 0.5, false, false, "ingest"));
        ImportReport unrated = importer(0, null).run(treats(), false);
        assertEquals(0, unrated.contradictions().size(), "new and unrated: it establishes nothing yet");
        assertEquals(1, unrated.relationsCreated);
    }

    @Test
    void aContradictedTripleIsReportedEvenWhenAnUnverifiedCopyOfItIsThere() {
        KnowledgeStore.Pair pair = new KnowledgeStore.Pair("aspirin", "rash");
        known = List.of(new KnowledgeStore.Link(pair, "TREATS", true, 0.5, false, false, "ingest"),
                new KnowledgeStore.Link(pair, "CAUSES", true, 0.5, true, false, "ingest"));
        ImportReport report = importer(0, null).run(treats(), false);
        assertEquals(1, report.contradictions().size(), "merging it would raise the trust of a triple a verified one refutes");
        assertEquals(0, report.relationsMerged);
    }

    @Test
    void aFlaggedRelationEstablishesNothing() {
        KnowledgeStore.Pair pair = new KnowledgeStore.Pair("aspirin", "rash");
        known = List.of(new KnowledgeStore.Link(pair, "CAUSES", true, 0.9, false, true, "ingest"));
        ImportReport report = importer(0, null).run(treats(), false);
        assertEquals(0, report.contradictions().size(), "users rated answers using it 1 or 2");
        assertEquals(1, report.relationsCreated);
    }

    @Test
    void anEntityLeftOutThatARelationNamesIsSaidToBeCreatedPlainAndADuplicateIsCounted() {
        JsonValue body = Jsonp.createObjectBuilder().add("bundle", Jsonp.createObjectBuilder().add("format_version", "1.0")
                .add("entities", Jsonp.createArrayBuilder()
                        .add(Jsonp.createObjectBuilder().add("name", "Aspirin").add("domain", "medical consult"))
                        .add(Jsonp.createObjectBuilder().add("name", "Rash"))
                        .add(Jsonp.createObjectBuilder().add("name", "rash")))
                .add("relations", Jsonp.createArrayBuilder().add(Jsonp.createObjectBuilder()
                        .add("subject", "Aspirin").add("predicate", "TREATS").add("object", "Rash")))
                .add("syntheses", Jsonp.createArrayBuilder())).build();

        ImportReport report = importer(0, null).run(body, false);

        assertEquals(2, report.entitiesSkipped, "the bad one and the second 'rash'");
        assertEquals(2, report.entitiesCreated, "Aspirin (as the relation names it) and Rash");
        assertTrue(report.errors.stream().anyMatch(e -> e.contains("left out, but a relation names 'Aspirin'")), report.errors.toString());
        assertTrue(report.errors.stream().anyMatch(e -> e.contains("'rash' twice")), report.errors.toString());
    }

    @Test
    void aRelationOfAnExcludedTypeBringsNoEntitiesEither() {
        JsonValue body = Jsonp.createObjectBuilder().add("bundle", Jsonp.createObjectBuilder().add("format_version", "1.0")
                .add("relations", Jsonp.createArrayBuilder().add(Jsonp.createObjectBuilder()
                        .add("subject", "db_admin").add("predicate", "HAS_PASSWORD").add("object", "hunter2")))).build();

        ImportReport report = importer(0, null).run(body, false);

        assertEquals(0, report.entitiesCreated, "neither the password's holder nor the password becomes an entity");
        assertEquals(1, report.relationsSkipped);
        assertEquals(0, writes.get(), "nothing is written");
        assertTrue(report.errors.stream().anyMatch(e -> e.contains("HAS_PASSWORD is never imported")), report.errors.toString());
    }

    @Test
    void aTrustFloorAboveTheServersIsLoweredAndTheReportSaysSo() {
        JsonValue body = Jsonp.createObjectBuilder((jakarta.json.JsonObject) treats()).add("trust_floor", 0.9).build();
        ImportReport report = importer(0, null).run(body, false);
        assertEquals(0.5, report.trustFloor, 1e-9);
        assertTrue(report.errors.stream().anyMatch(e -> e.startsWith("trust_floor 0.9 is above")), report.errors.toString());
    }

    private static JsonValue treats() {
        return Jsonp.createObjectBuilder().add("bundle", Jsonp.createObjectBuilder().add("format_version", "1.0")
                .add("entities", Jsonp.createArrayBuilder()).add("relations", Jsonp.createArrayBuilder().add(Jsonp.createObjectBuilder()
                        .add("subject", "Aspirin").add("predicate", "TREATS").add("object", "Rash").add("trust_score", 0.5)))
                .add("syntheses", Jsonp.createArrayBuilder())).build();
    }

    @Test
    void aWholeImportWritesEveryBatch() {
        ImportReport report = importer(0, null).run(request(1_500), false);

        assertEquals(2, writes.get(), "1,500 entities in batches of 1,000; no relations or syntheses to write");
        assertEquals(1, forgotten.get(), "fact lists kept before the import are passed over once it is written");
        assertEquals(1_500, report.entitiesCreated);
    }
}
