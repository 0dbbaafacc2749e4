package io.moe.application.knowledge;

import io.moe.domain.shared.UnknownField;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An import request read strictly (spec: knowledge import): the bundle with format_version 1.0 and its
 * entities, relations and syntheses, the source tag, the trust floor and the dry-run flag. Every field is
 * checked before anything is read from or written to the graph. A bad request field, bundle field or count
 * refuses the whole request with its path; a bad entry (e.g. {@code bundle.relations[3].predicate}) is left out
 * and named in {@link #problems()}, which the report lists in {@code errors} (spec: other problems are listed
 * there). Unknown fields count as bad, so that a typo never silently drops data.
 */
public record ImportedBundle(List<KnowledgeStore.Entity> entities, List<KnowledgeStore.Relation> relations,
                             List<KnowledgeStore.Synthesis> syntheses, List<Problem> problems, String sourceTag,
                             double trustFloor, double askedTrustFloor, boolean dryRun) {

    /** What part of the bundle an entry left out belongs to. */
    public enum Part { ENTITY, RELATION, SYNTHESIS }

    /** An entry left out, and why (its message names its path); {@code name}: an entity's name as written, else null. */
    public record Problem(Part part, String message, String name) {
    }

    public static final String DEFAULT_SOURCE_TAG = "community_import";
    static final int MAX_TEXT = 4_000;
    static final int MAX_SYNTHESIS_ENTITIES = 50;
    /** A bundle's context URL, whose last segment is the format's version (spec: Versioning). */
    private static final java.util.regex.Pattern V1_CONTEXT = java.util.regex.Pattern.compile("https?://\\S+/v1/?");
    private static final Set<String> REQUEST = Set.of("bundle", "source_tag", "trust_floor", "dry_run");
    private static final Set<String> BUNDLE = Set.of("@context", "format_version", "exported_at", "filters", "stats",
            "entities", "relations", "syntheses");
    private static final Set<String> ENTITY = Set.of("name", "type", "source", "domain");
    private static final Set<String> RELATION = Set.of("subject", "predicate", "object", "confidence", "trust_score", "verified");
    private static final Set<String> SYNTHESIS = Set.of("text", "insight_type", "entities", "confidence");

    /** Reads the request body; {@code maxItems} bounds entities, relations and syntheses together; {@code ceiling} caps the trust floor. */
    public static ImportedBundle read(JsonValue body, int maxItems, double ceiling) {
        JsonObject request = object(body, "body");
        known(request, REQUEST, "");
        JsonObject bundle = object(request.get("bundle"), "bundle");
        known(bundle, BUNDLE, "bundle.");
        if (!"1.0".equals(string(bundle, "format_version", "bundle.format_version", null))) {
            throw new KnowledgeRefusedException("unsupported_format_version", "bundle.format_version", "'bundle.format_version' must be \"1.0\"");
        }
        String context = string(bundle, "@context", "bundle.@context", "");
        if (!context.isEmpty() && !V1_CONTEXT.matcher(context).matches()) {
            throw new KnowledgeRefusedException("unsupported_context", "bundle.@context", "'bundle.@context' must be a context"
                    + " URL of version v1, such as " + KnowledgeExport.CONTEXT + " (or left out)");
        }
        JsonArray entities = array(bundle, "entities", "bundle.entities");
        JsonArray relations = array(bundle, "relations", "bundle.relations");
        JsonArray syntheses = array(bundle, "syntheses", "bundle.syntheses");
        if ((long) entities.size() + relations.size() + syntheses.size() > maxItems) {
            throw new KnowledgeRefusedException(io.moe.domain.shared.Refusal.Kind.TOO_LARGE, "bundle_too_large", "bundle",
                    "a bundle may hold at most " + maxItems + " entities, relations and syntheses together (moe.graph.import.max-items); import it in parts");
        }
        String tag = BundleRules.sourceTag(string(request, "source_tag", "source_tag", DEFAULT_SOURCE_TAG), "source_tag");
        double asked = number(request, "trust_floor", "trust_floor", ceiling);
        double floor = Math.min(asked, ceiling);
        boolean dryRun = bool(request, "dry_run", "dry_run", false);
        List<Problem> problems = new ArrayList<>();
        List<KnowledgeStore.Entity> es = new ArrayList<>();
        for (int i = 0; i < entities.size(); i++) {
            try {
                es.add(entity(entities.get(i), "bundle.entities[" + i + "]"));
            } catch (KnowledgeRefusedException bad) {
                problems.add(new Problem(Part.ENTITY, bad.getMessage(),
                        entities.get(i) instanceof JsonObject o && o.get("name") instanceof JsonString n ? n.getString() : null));
            }
        }
        List<KnowledgeStore.Relation> rs = new ArrayList<>();
        for (int i = 0; i < relations.size(); i++) {
            try {
                rs.add(relation(relations.get(i), "bundle.relations[" + i + "]"));
            } catch (KnowledgeRefusedException bad) {
                problems.add(new Problem(Part.RELATION, bad.getMessage(), null));
            }
        }
        List<KnowledgeStore.Synthesis> ss = new ArrayList<>();
        for (int i = 0; i < syntheses.size(); i++) {
            try {
                ss.add(synthesis(syntheses.get(i), "bundle.syntheses[" + i + "]"));
            } catch (KnowledgeRefusedException bad) {
                problems.add(new Problem(Part.SYNTHESIS, bad.getMessage(), null));
            }
        }
        return new ImportedBundle(es, rs, ss, problems, tag, floor, asked, dryRun);
    }

    private static KnowledgeStore.Entity entity(JsonValue value, String at) {
        JsonObject e = object(value, at);
        known(e, ENTITY, at + ".");
        String source = string(e, "source", at + ".source", null);
        return new KnowledgeStore.Entity(BundleRules.name(string(e, "name", at + ".name", null), at + ".name"),
                BundleRules.word(string(e, "type", at + ".type", "concept"), at + ".type"),
                source == null ? null : BundleRules.name(source, at + ".source"),
                BundleRules.domain(string(e, "domain", at + ".domain", "general"), at + ".domain"));
    }

    private static KnowledgeStore.Relation relation(JsonValue value, String at) {
        JsonObject r = object(value, at);
        known(r, RELATION, at + ".");
        double trust = number(r, "trust_score", at + ".trust_score", 0.5);
        return new KnowledgeStore.Relation(BundleRules.name(string(r, "subject", at + ".subject", null), at + ".subject"),
                BundleRules.predicate(string(r, "predicate", at + ".predicate", null), at + ".predicate"),
                BundleRules.name(string(r, "object", at + ".object", null), at + ".object"),
                number(r, "confidence", at + ".confidence", trust), trust, bool(r, "verified", at + ".verified", false));
    }

    private static KnowledgeStore.Synthesis synthesis(JsonValue value, String at) {
        JsonObject s = object(value, at);
        known(s, SYNTHESIS, at + ".");
        JsonArray names = array(s, "entities", at + ".entities");
        if (names.size() > MAX_SYNTHESIS_ENTITIES) {
            throw new KnowledgeRefusedException("invalid_entities", at + ".entities", "'" + at + ".entities' names at most " + MAX_SYNTHESIS_ENTITIES + " entities");
        }
        List<String> named = new ArrayList<>();
        for (int j = 0; j < names.size(); j++) {
            String nat = at + ".entities[" + j + "]";
            if (!(names.get(j) instanceof JsonString n)) {
                throw new KnowledgeRefusedException("invalid_entities", nat, "'" + nat + "' must be a string");
            }
            named.add(BundleRules.name(n.getString(), nat));
        }
        return new KnowledgeStore.Synthesis(BundleRules.prose(string(s, "text", at + ".text", null), at + ".text", MAX_TEXT),
                BundleRules.word(string(s, "insight_type", at + ".insight_type", "insight"), at + ".insight_type"),
                named, number(s, "confidence", at + ".confidence", 0.5));
    }

    private static void known(JsonObject o, Set<String> fields, String prefix) {
        UnknownField.first(o.keySet(), fields).ifPresent(shown -> {
            throw new KnowledgeRefusedException("unknown_field", prefix + shown, "unknown field '" + prefix + shown
                    + "'; allowed: " + UnknownField.listing(fields));
        });
    }

    private static JsonObject object(JsonValue v, String field) {
        if (!(v instanceof JsonObject o)) {
            throw new KnowledgeRefusedException("invalid_" + leaf(field), field, "'" + field + "' must be an object");
        }
        return o;
    }

    private static JsonArray array(JsonObject o, String key, String field) {
        JsonValue v = o.get(key);
        if (v == null || v == JsonValue.NULL) {
            return JsonValue.EMPTY_JSON_ARRAY;
        }
        if (!(v instanceof JsonArray a)) {
            throw new KnowledgeRefusedException("invalid_" + key, field, "'" + field + "' must be an array");
        }
        return a;
    }

    private static String string(JsonObject o, String key, String field, String fallback) {
        JsonValue v = o.get(key);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (!(v instanceof JsonString s)) {
            throw new KnowledgeRefusedException("invalid_" + leaf(field), field, "'" + field + "' must be a string");
        }
        return s.getString();
    }

    private static double number(JsonObject o, String key, String field, double fallback) {
        JsonValue v = o.get(key);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (!(v instanceof JsonNumber n)) {
            throw new KnowledgeRefusedException("invalid_" + key, field, "'" + field + "' must be a number from 0 to 1");
        }
        return BundleRules.unit(n.doubleValue(), field);
    }

    private static boolean bool(JsonObject o, String key, String field, boolean fallback) {
        JsonValue v = o.get(key);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (v != JsonValue.TRUE && v != JsonValue.FALSE) {
            throw new KnowledgeRefusedException("invalid_" + key, field, "'" + field + "' must be true or false");
        }
        return v == JsonValue.TRUE;
    }

    private static String leaf(String field) {
        String f = field.replaceAll("\\[\\d+]", "");
        return f.substring(f.lastIndexOf('.') + 1);
    }
}
