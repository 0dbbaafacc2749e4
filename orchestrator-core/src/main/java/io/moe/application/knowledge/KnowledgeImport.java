package io.moe.application.knowledge;

import io.moe.application.events.KnowledgeGraphWriter;
import io.moe.application.pipeline.graph.GraphFactCache;
import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Digests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * POST /graph/knowledge/import and /import/validate (spec: knowledge import). The request is read whole and
 * checked first ({@link ImportedBundle}; a bad entry is left out, counted as skipped and listed in {@code errors});
 * then, in chunks of {@value #CHUNK}: entities are merged by
 * lower-case name (an existing one is skipped and only tagged); a relation that exists and is verified is
 * never touched; one that exists unverified is merged (tagged, trust raised at most to the cap); a triple that
 * contradicts an established relation between the same entities (trust at least
 * {@link KnowledgeGraphWriter#TRUSTED}; TREATS against CAUSES or CONTRAINDICATES) is skipped and reported;
 * anything else is created unverified with its trust capped at the trust floor. Everything written carries
 * the source tag. A dry run computes the same report with reads only.
 */
@ApplicationScoped
public class KnowledgeImport {

    static final int CHUNK = 1_000;

    @Inject
    KnowledgeStore store;

    @Inject
    KnowledgeSettings settings;

    @Inject
    EntityEmbeddings embeddings;

    @Inject
    GraphFactCache factLists;

    /** Imports (or with {@code validateOnly}, or the body's dry_run, only checks) the request body. */
    public ImportReport run(JsonValue body, boolean validateOnly) {
        ImportedBundle bundle = ImportedBundle.read(body, settings.maxImportItems, settings.trustFloor);
        boolean dryRun = validateOnly || bundle.dryRun();
        ImportReport report = new ImportReport(dryRun, bundle.sourceTag(), bundle.trustFloor());
        if (bundle.askedTrustFloor() > bundle.trustFloor()) { // the request can lower the server's cap, never raise it
            report.error("trust_floor " + bundle.askedTrustFloor() + " is above this server's moe.graph.import.trust-floor; "
                    + bundle.trustFloor() + " was used");
        }
        Set<String> plainlyCreated = bundle.problems().isEmpty() ? Set.of() : namedOnlyByRelations(bundle);
        for (ImportedBundle.Problem problem : bundle.problems()) {
            switch (problem.part()) {
                case ENTITY -> report.entitiesSkipped++;
                case RELATION -> report.relationsSkipped++;
                case SYNTHESIS -> report.synthesesSkipped++;
            }
            boolean created = problem.name() != null && plainlyCreated.contains(lower(problem.name()));
            report.error(problem.message() + "; the entry was left out" + (created ? ", but a relation names '" + problem.name()
                    + "': it is created (when new) as a concept of the domain general" : ""));
        }
        List<KnowledgeStore.Entity> created = new ArrayList<>();
        try {
            entities(bundle, report, created);
            relations(bundle, report);
            syntheses(bundle, report);
        } catch (RuntimeException e) {
            if (report.batchesWritten == 0) {
                throw e; // nothing was written: the failure is the store's, as for any other request
            }
            throw new KnowledgeRefusedException(Refusal.Kind.UNAVAILABLE, "partly_imported", null, "the knowledge graph failed"
                    + " after " + report.batchesWritten + " batches of this bundle (up to " + CHUNK + " entries each) were written ("
                    + Failures.describe(e) + "); import the same bundle again to complete it: what is there already is skipped or merged");
        } finally {
            if (!dryRun && !created.isEmpty()) {
                embeddings.kick();
            }
            if (report.batchesWritten > 0) {
                factLists.forgetAllAfter("an import"); // the facts it adds are missing from kept lists
            }
        }
        return report;
    }


    private void entities(ImportedBundle bundle, ImportReport report, List<KnowledgeStore.Entity> created) {
        Map<String, KnowledgeStore.Entity> entities = entities(bundle, report);
        List<KnowledgeStore.Entity> all = new ArrayList<>(entities.values());
        for (int from = 0; from < all.size(); from += CHUNK) {
            List<KnowledgeStore.Entity> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
            Set<String> existing = store.existingEntities(chunk.stream().map(e -> lower(e.name())).toList());
            for (KnowledgeStore.Entity e : chunk) {
                if (existing.contains(lower(e.name()))) {
                    report.entitiesSkipped++;
                } else {
                    report.entitiesCreated++;
                    created.add(e);
                }
            }
            write(report, new KnowledgeStore.ImportBatch(chunk, List.of(), List.of(), Map.of()), bundle.sourceTag());
        }
    }

    /** The lower-case names the bundle's relations name that none of its (readable) entities has: they are created plain. */
    private static Set<String> namedOnlyByRelations(ImportedBundle bundle) {
        Set<String> names = new HashSet<>();
        bundle.relations().forEach(r -> {
            names.add(lower(r.subject()));
            names.add(lower(r.object()));
        });
        bundle.entities().forEach(e -> names.remove(lower(e.name())));
        return names;
    }

    /**
     * Every entity of the bundle and every entity a relation names (but one of an excluded type), once per lower-case
     * name (the first wins).
     */
    private static Map<String, KnowledgeStore.Entity> entities(ImportedBundle bundle, ImportReport report) {
        Map<String, KnowledgeStore.Entity> byName = new LinkedHashMap<>();
        for (KnowledgeStore.Entity e : bundle.entities()) {
            if (byName.putIfAbsent(lower(e.name()), e) != null) {
                report.entitiesSkipped++;
                report.error("the bundle holds the entity '" + e.name() + "' twice (names match in any case); the first was taken");
            }
        }
        for (KnowledgeStore.Relation r : bundle.relations()) {
            if (BundleRules.EXCLUDED_TYPES.contains(r.predicate())) {
                continue; // refused below: its names (a password's holder and the password) are no entities either
            }
            byName.putIfAbsent(lower(r.subject()), new KnowledgeStore.Entity(r.subject(), "concept", null, "general"));
            byName.putIfAbsent(lower(r.object()), new KnowledgeStore.Entity(r.object(), "concept", null, "general"));
        }
        return byName;
    }

    private void relations(ImportedBundle bundle, ImportReport report) {
        Set<String> seen = new HashSet<>();
        List<KnowledgeStore.Relation> wanted = new ArrayList<>();
        for (KnowledgeStore.Relation r : bundle.relations()) {
            if (BundleRules.EXCLUDED_TYPES.contains(r.predicate())) {
                report.relationsSkipped++;
                report.error("relation type " + r.predicate() + " is never imported: " + sentence(r));
            } else if (!seen.add(lower(r.subject()) + "\u0000" + r.predicate() + "\u0000" + lower(r.object()))) {
                report.relationsSkipped++;
                report.error("the bundle holds this relation twice; the first was taken: " + sentence(r));
            } else {
                wanted.add(r);
            }
        }
        for (int from = 0; from < wanted.size(); from += CHUNK) {
            relationChunk(wanted.subList(from, Math.min(wanted.size(), from + CHUNK)), bundle, report);
        }
    }

    private void relationChunk(List<KnowledgeStore.Relation> chunk, ImportedBundle bundle, ImportReport report) {
        Map<KnowledgeStore.Pair, List<KnowledgeStore.Link>> links = new HashMap<>();
        for (KnowledgeStore.Link l : store.linksBetween(chunk.stream().map(KnowledgeImport::pair).distinct().toList())) {
            links.computeIfAbsent(l.pair(), p -> new ArrayList<>()).add(l);
        }
        List<KnowledgeStore.Relation> creates = new ArrayList<>();
        List<KnowledgeStore.Relation> merges = new ArrayList<>();
        for (KnowledgeStore.Relation r : chunk) {
            List<KnowledgeStore.Link> known = links.getOrDefault(pair(r), List.of());
            double trust = Math.min(r.trust(), bundle.trustFloor());
            KnowledgeStore.Relation capped = new KnowledgeStore.Relation(r.subject(), r.predicate(), r.object(), r.confidence(), trust, false);
            KnowledgeStore.Link same = known.stream().filter(l -> l.forward() && l.predicate().equals(r.predicate())).findFirst().orElse(null);
            KnowledgeStore.Link conflict = conflict(r, known);
            if (same != null && same.verified()) {
                report.relationsSkipped++;
                ImportReport.example(report.skippedExamples, sentence(r) + " (verified here; kept as it is)");
            } else if (conflict != null) { // also when an unverified copy of the triple is here: the import would raise its trust
                report.contradiction(new ImportReport.Contradiction(sentence(r), conflictSentence(r, conflict), conflict.trust(), conflict.source()));
            } else if (same != null) {
                report.relationsMerged++;
                merges.add(capped);
                ImportReport.example(report.mergedExamples, sentence(r));
            } else {
                report.relationsCreated++;
                creates.add(capped);
                ImportReport.example(report.createdExamples, sentence(r));
            }
        }
        write(report, new KnowledgeStore.ImportBatch(List.of(), creates, merges, Map.of()), bundle.sourceTag());
    }

    private static KnowledgeStore.Link conflict(KnowledgeStore.Relation r, List<KnowledgeStore.Link> known) {
        List<String> against = KnowledgeGraphWriter.CONFLICTS.getOrDefault(r.predicate(), List.of());
        return known.stream().filter(l -> against.contains(l.predicate()) && l.established()).findFirst().orElse(null);
    }

    private void syntheses(ImportedBundle bundle, ImportReport report) {
        Map<String, KnowledgeStore.Synthesis> byKey = new LinkedHashMap<>();
        for (KnowledgeStore.Synthesis s : bundle.syntheses()) {
            if (byKey.putIfAbsent(Digests.sha256(s.text().toLowerCase(Locale.ROOT)), s) != null) {
                report.synthesesSkipped++;
            }
        }
        List<String> keys = new ArrayList<>(byKey.keySet());
        for (int from = 0; from < keys.size(); from += CHUNK) {
            List<String> chunk = keys.subList(from, Math.min(keys.size(), from + CHUNK));
            Set<String> existing = store.existingSyntheses(chunk);
            Map<String, KnowledgeStore.Synthesis> fresh = new LinkedHashMap<>();
            for (String key : chunk) {
                if (existing.contains(key)) {
                    report.synthesesSkipped++;
                } else {
                    report.synthesesCreated++;
                    fresh.put(key, byKey.get(key));
                }
            }
            write(report, new KnowledgeStore.ImportBatch(List.of(), List.of(), List.of(), fresh), bundle.sourceTag());
        }
    }

    private void write(ImportReport report, KnowledgeStore.ImportBatch batch, String tag) {
        if (!report.dryRun) {
            store.write(batch, tag);
            report.batchesWritten++;
        }
    }

    private static KnowledgeStore.Pair pair(KnowledgeStore.Relation r) {
        return new KnowledgeStore.Pair(lower(r.subject()), lower(r.object()));
    }

    private static String sentence(KnowledgeStore.Relation r) {
        return r.subject() + " " + r.predicate() + " " + r.object();
    }

    private static String conflictSentence(KnowledgeStore.Relation r, KnowledgeStore.Link l) {
        return l.forward() ? r.subject() + " " + l.predicate() + " " + r.object() : r.object() + " " + l.predicate() + " " + r.subject();
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
