package io.moe.application.knowledge;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Reading an import request: defaults, the trust ceiling, and refusals that name the field. */
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
    void badFieldsAreRefusedWithTheirPath() {
        for (List<String> c : List.of(
                List.of("{\"bundle\": {\"format_version\": \"1.1\"}}", "bundle.format_version"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\", \"relations\": [{\"subject\": \"a\", \"predicate\": \"A-B\", \"object\": \"b\"}]}}", "bundle.relations[0].predicate"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\", \"entities\": [{\"name\": \"a; DROP\"}]}}", "bundle.entities[0].name"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\", \"entities\": [{\"name\": \"a\", \"domain\": \"x y\"}]}}", "bundle.entities[0].domain"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\"}, \"source_tag\": \"a b\"}", "source_tag"),
                List.of("{\"bundle\": {\"format_version\": \"1.0\"}, \"tenant\": 1}", "tenant"))) {
            KnowledgeRefusedException e = assertThrows(KnowledgeRefusedException.class, () -> ImportedBundle.read(json(c.get(0)), 100, 0.5), c.get(0));
            assertEquals(c.get(1), e.field(), c.get(0));
        }
    }

    @Test
    void moreItemsThanTheLimitAreRefused() {
        KnowledgeRefusedException e = assertThrows(KnowledgeRefusedException.class, () -> ImportedBundle.read(json(
                "{\"bundle\": {\"format_version\": \"1.0\", \"entities\": [{\"name\": \"a\"}, {\"name\": \"b\"}]}}"), 1, 0.5));
        assertEquals("bundle_too_large", e.code());
    }
}
