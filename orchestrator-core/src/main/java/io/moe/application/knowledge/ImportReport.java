package io.moe.application.knowledge;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * The report of an import or a validation (spec: knowledge import, response fields), plus merged counts and
 * up to {@value #EXAMPLES} examples per outcome. Lists are bounded: contradictions and errors keep the first
 * {@value #MAX_LISTED}; their counts stay exact.
 */
public final class ImportReport {

    static final int EXAMPLES = 5;
    static final int MAX_LISTED = 100;

    /** A skipped triple and the established relation it contradicts. */
    public record Contradiction(String imported, String conflictsWith, double existingTrust, String existingSource) {
    }

    final boolean dryRun;
    final String sourceTag;
    final double trustFloor;
    long entitiesCreated;
    long entitiesSkipped;
    long relationsCreated;
    long relationsMerged;
    long relationsSkipped;
    long synthesesCreated;
    long synthesesSkipped;
    long contradicted;
    long errorCount;
    final List<Contradiction> contradictions = new ArrayList<>();
    final List<String> errors = new ArrayList<>();
    final List<String> createdExamples = new ArrayList<>();
    final List<String> mergedExamples = new ArrayList<>();
    final List<String> skippedExamples = new ArrayList<>();

    ImportReport(boolean dryRun, String sourceTag, double trustFloor) {
        this.dryRun = dryRun;
        this.sourceTag = sourceTag;
        this.trustFloor = trustFloor;
    }

    void contradiction(Contradiction c) {
        contradicted++;
        relationsSkipped++;
        if (contradictions.size() < MAX_LISTED) {
            contradictions.add(c);
        }
    }

    void error(String message) {
        errorCount++;
        if (errors.size() < MAX_LISTED) {
            errors.add(message);
        }
    }

    static void example(List<String> list, String text) {
        if (list.size() < EXAMPLES) {
            list.add(text);
        }
    }

    public long entitiesCreated() {
        return entitiesCreated;
    }

    public long relationsCreated() {
        return relationsCreated;
    }

    public long contradicted() {
        return contradicted;
    }

    public JsonObject toJson() {
        JsonArrayBuilder cs = Json.createArrayBuilder();
        for (Contradiction c : contradictions) {
            JsonObjectBuilder o = Json.createObjectBuilder().add("imported", c.imported()).add("conflicts_with", c.conflictsWith())
                    .add("existing_trust", c.existingTrust());
            if (c.existingSource() != null) {
                o.add("existing_source", c.existingSource());
            }
            cs.add(o);
        }
        return Json.createObjectBuilder().add("status", "ok").add("dry_run", dryRun).add("source_tag", sourceTag)
                .add("trust_floor", trustFloor)
                .add("entities_created", entitiesCreated).add("entities_skipped", entitiesSkipped)
                .add("relations_created", relationsCreated).add("relations_merged", relationsMerged)
                .add("relations_skipped", relationsSkipped).add("syntheses_created", synthesesCreated)
                .add("syntheses_skipped", synthesesSkipped).add("contradicted", contradicted).add("contradictions", cs)
                .add("error_count", errorCount).add("errors", Json.createArrayBuilder(errors))
                .add("examples", Json.createObjectBuilder().add("created", Json.createArrayBuilder(createdExamples))
                        .add("merged", Json.createArrayBuilder(mergedExamples)).add("skipped", Json.createArrayBuilder(skippedExamples)))
                .build();
    }
}
