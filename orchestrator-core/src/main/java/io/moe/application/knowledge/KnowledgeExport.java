package io.moe.application.knowledge;

import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.stream.JsonGenerator;

import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * GET /graph/knowledge/export: writes a knowledge bundle (spec: knowledge bundle, JSON-LD) while it reads the
 * graph, one entity, relation and synthesis at a time, so an export of any size needs no more memory than
 * one of them. Relation types that carry secrets (HAS_PASSWORD, HAS_CREDENTIAL, AUTHENTICATES_WITH) are always
 * left out; with {@code strip_sensitive} every entry the {@link SensitiveText} filter flags is left out too.
 * Flagged relations are never exported; internal metadata (tenants, source models, timestamps, answer ids)
 * never enters a bundle. Every entry left out counts in {@code stats.scrubbed}, by kind in
 * {@code stats.scrubbed_by_kind}. Because counts are known only at the end, {@code stats} is the last field.
 */
@ApplicationScoped
public class KnowledgeExport {

    public static final String CONTEXT = "https://moe-orchestrator.io/contexts/knowledge/v1";
    public static final String FORMAT_VERSION = "1.0";

    @Inject
    KnowledgeStore store;

    @Inject
    KnowledgeSettings settings;

    /** Writes the bundle for {@code filter} to {@code out} (which stays open). */
    public void write(ExportFilter filter, OutputStream out) {
        SensitiveText sensitive = new SensitiveText(settings.sensitiveTermList());
        Counts counts = new Counts();
        try (JsonGenerator json = Jsonp.createGenerator(new NonClosing(out))) {
            json.writeStartObject().write("@context", CONTEXT).write("format_version", FORMAT_VERSION)
                    .write("exported_at", Ids.nowUtc().toString());
            json.writeStartObject("filters").writeStartArray("domains");
            filter.domains().forEach(json::write);
            json.writeEnd().write("min_trust", filter.minTrust()).write("strip_sensitive", filter.stripSensitive())
                    .write("include_syntheses", filter.includeSyntheses()).writeEnd();

            json.writeStartArray("entities");
            store.eachEntity(filter.scope(), e -> {
                if (counts.keep(filter.stripSensitive() ? sensitive.kindOf(e.name(), e.type(), e.source(), e.domain()) : Optional.empty())) {
                    counts.entities++;
                    json.writeStartObject().write("name", e.name()).write("type", e.type()).write("source", e.source())
                            .write("domain", e.domain()).writeEnd();
                }
            });
            json.writeEnd().writeStartArray("relations");
            store.eachRelation(filter.scope(), r -> {
                Optional<String> kind = BundleRules.EXCLUDED_TYPES.contains(r.predicate()) ? Optional.of("excluded_type")
                        : filter.stripSensitive() ? sensitive.kindOf(r.subject(), r.predicate(), r.object()) : Optional.empty();
                if (counts.keep(kind)) {
                    counts.relations++;
                    json.writeStartObject().write("subject", r.subject()).write("predicate", r.predicate()).write("object", r.object())
                            .write("confidence", r.confidence()).write("trust_score", r.trust()).write("verified", r.verified()).writeEnd();
                }
            });
            json.writeEnd().writeStartArray("syntheses");
            if (filter.includeSyntheses()) {
                store.eachSynthesis(filter.scope(), s -> {
                    if (counts.keep(filter.stripSensitive() ? sensitive.kindOf(synthesisTexts(s)) : Optional.empty())) {
                        counts.syntheses++;
                        json.writeStartObject().write("text", s.text()).write("insight_type", s.insightType());
                        json.writeStartArray("entities");
                        s.entities().forEach(json::write);
                        json.writeEnd().write("confidence", s.confidence()).writeEnd();
                    }
                });
            }
            json.writeEnd().writeStartObject("stats").write("entities", counts.entities).write("relations", counts.relations)
                    .write("syntheses", counts.syntheses).write("scrubbed", counts.scrubbed);
            json.writeStartObject("scrubbed_by_kind");
            counts.byKind.forEach(json::write);
            json.writeEnd().writeEnd().writeEnd();
        }
    }

    private static String[] synthesisTexts(KnowledgeStore.Synthesis s) {
        String[] texts = new String[s.entities().size() + 2];
        texts[0] = s.text();
        texts[1] = s.insightType();
        for (int i = 0; i < s.entities().size(); i++) {
            texts[i + 2] = s.entities().get(i);
        }
        return texts;
    }

    private static final class Counts {
        long entities;
        long relations;
        long syntheses;
        long scrubbed;
        final Map<String, Long> byKind = new TreeMap<>();

        boolean keep(Optional<String> kind) {
            kind.ifPresent(k -> {
                scrubbed++;
                byKind.merge(k, 1L, Long::sum);
            });
            return kind.isEmpty();
        }
    }

    /** Lets the generator flush and end the document without closing the response stream under it. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws java.io.IOException {
            flush();
        }
    }
}
