package io.moe.application.knowledge;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    /** Batches written to the graph so far (each its own transaction): what a failure part way leaves behind. */
    int batchesWritten;
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

    public boolean dryRun() {
        return dryRun;
    }

    /** The counts of the report, in the order of its JSON. */
    public Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("entities_created", entitiesCreated);
        counts.put("entities_skipped", entitiesSkipped);
        counts.put("relations_created", relationsCreated);
        counts.put("relations_merged", relationsMerged);
        counts.put("relations_skipped", relationsSkipped);
        counts.put("syntheses_created", synthesesCreated);
        counts.put("syntheses_skipped", synthesesSkipped);
        counts.put("contradicted", contradicted);
        counts.put("error_count", errorCount);
        return counts;
    }

    public List<Contradiction> contradictions() {
        return List.copyOf(contradictions);
    }

    public List<String> errors() {
        return List.copyOf(errors);
    }

    /** Examples by outcome: created, merged, skipped. */
    public Map<String, List<String>> examples() {
        return Map.of("created", List.copyOf(createdExamples), "merged", List.copyOf(mergedExamples), "skipped", List.copyOf(skippedExamples));
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
        JsonArrayBuilder cs = Jsonp.createArrayBuilder();
        for (Contradiction c : contradictions) {
            JsonObjectBuilder o = Jsonp.createObjectBuilder().add("imported", c.imported()).add("conflicts_with", c.conflictsWith())
                    .add("existing_trust", c.existingTrust());
            if (c.existingSource() != null) {
                o.add("existing_source", c.existingSource());
            }
            cs.add(o);
        }
        JsonObjectBuilder report = Jsonp.createObjectBuilder().add("status", "ok").add("dry_run", dryRun).add("source_tag", sourceTag)
                .add("trust_floor", trustFloor);
        counts().forEach(report::add);
        return report.add("contradictions", cs).add("errors", Jsonp.createArrayBuilder(errors))
                .add("examples", Jsonp.createObjectBuilder().add("created", Jsonp.createArrayBuilder(createdExamples))
                        .add("merged", Jsonp.createArrayBuilder(mergedExamples)).add("skipped", Jsonp.createArrayBuilder(skippedExamples)))
                .build();
    }
}
