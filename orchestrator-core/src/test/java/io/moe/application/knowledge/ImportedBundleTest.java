package io.moe.application.knowledge;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading an import request: defaults, the trust ceiling, refusals that name the field, entries left out with their path. */
class ImportedBundleTest {

    private static JsonValue json(String text) {
        return Json.createReader(new StringReader(text)).readValue();
    }

    @Test
    void defaultsApplyAndTheConfiguredFloorCapsTheRequested() {
        ImportedBundle b = ImportedBundle.read(json("""
                {"bundle": {"format_version": "1.0", "entities": [{"name": " Aspirin "}],
                 "relations": [{"subject": "Aspirin", "predicate": "TREATS", "object": "Headache", "trust_score": 0.9}]},
                 "trust_floor": 0.8}"""), 100, 0.5);
        assertEquals(new KnowledgeStore.Entity("Aspirin", "concept", null, "general"), b.entities().get(0));
        assertEquals(0.9, b.relations().get(0).confidence(), "confidence defaults to the trust score");
        assertEquals("community_import", b.sourceTag());
        assertEquals(0.5, b.trustFloor());
        assertEquals(false, b.dryRun());
    }

    @Test
    void aContextOfVersionV1OrNoneIsRead() {
        for (String context : List.of(KnowledgeExport.CONTEXT, "https://kb.example.org/contexts/knowledge/v1/")) {
            ImportedBundle.read(json("{\"bundle\": {\"format_version\": \"1.0\", \"@context\": \"" + context + "\"}}"), 100, 0.5);
        }
        ImportedBundle.read(json("{\"bundle\": {\"format_version\": \"1.0\"}}"), 100, 0.5);
    }

    @Test
    void badRequestFieldsRefuseTheWholeRequestWithTheirPath() {
        for (List<String> c : List.of(
                List.of("{\"bundle\": {\"format_version\": \"1.1\"}}", "bundle.format_version"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\", \"entities\": {}}}", "bundle.entities"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\", \"graph\": []}}", "bundle.graph"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\"}, \"source_tag\": \"a b\"}", "source_tag"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\"}, \"tenant\": 1}", "tenant"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\", \"@context\": \"https://moe-orchestrator.io/contexts/knowledge/v2\"}}",
                        "bundle.@context"))) {
            KnowledgeRefusedException e = assertThrows(KnowledgeRefusedException.class, () -> ImportedBundle.read(json(c.get(0)), 100, 0.5), c.get(0));
            assertEquals(c.get(1), e.field(), c.get(0));
        }
    }

    @Test
    void aBadEntryIsLeftOutAndNamedWithItsPathWhileTheOthersAreRead() {
        ImportedBundle b = ImportedBundle.read(json("""
                {"bundle": {"format_version": "1.0",
                 "entities": [{"name": "a; DROP"}, {"name": "Aspirin"}, {"name": "b", "domain": "x y"}, {"name": "c", "colour": "red"}],
                 "relations": [{"subject": "a", "predicate": "A-B", "object": "b"}, {"subject": "Aspirin", "predicate": "TREATS", "object": "Pain"}],
                 "syntheses": [{"text": "x", "entities": [7]}]}}"""), 100, 0.5);
        assertEquals(List.of("Aspirin"), b.entities().stream().map(KnowledgeStore.Entity::name).toList());
        assertEquals(List.of("Pain"), b.relations().stream().map(KnowledgeStore.Relation::object).toList());
        assertEquals(List.of(), b.syntheses());
        List<String> paths = List.of("bundle.entities[0].name", "bundle.entities[2].domain", "bundle.entities[3].colour",
                "bundle.relations[0].predicate", "bundle.syntheses[0].entities[0]");
        assertEquals(paths.size(), b.problems().size(), b.problems().toString());
        for (int i = 0; i < paths.size(); i++) {
            assertTrue(b.problems().get(i).message().contains(paths.get(i)), b.problems().get(i).message());
        }
        assertEquals(List.of(ImportedBundle.Part.ENTITY, ImportedBundle.Part.ENTITY, ImportedBundle.Part.ENTITY,
                ImportedBundle.Part.RELATION, ImportedBundle.Part.SYNTHESIS), b.problems().stream().map(ImportedBundle.Problem::part).toList());
    }

    @Test
    void namesWithTypographicDashesApostrophesAndBracketsAreNamesButBreakoutCharactersAreNot() {
        for (String name : List.of("Alzheimer’s disease", "COVID–19", "B12 [cobalamin]", "St. John's wort (herb)")) {
            assertTrue(BundleRules.isName(name), name);
            assertEquals(name, BundleRules.name(name, "n"));
        }
        for (String name : List.of("a; DROP", "x}", "{x", "a`b", "$x", "a\\b", "<b>", "say \"hi\"", "http://x", "", " ", "a".repeat(201))) {
            assertFalse(BundleRules.isName(name), name);
            assertThrows(KnowledgeRefusedException.class, () -> BundleRules.name(name, "n"), name);
        }
    }

    @Test
    void moreItemsThanTheLimitAreRefused() {
        KnowledgeRefusedException e = assertThrows(KnowledgeRefusedException.class, () -> ImportedBundle.read(json(
                "{\"bundle\": {\"format_version\": \"1.0\", \"entities\": [{\"name\": \"a\"}, {\"name\": \"b\"}]}}"), 1, 0.5));
        assertEquals("bundle_too_large", e.code());
    }
}
