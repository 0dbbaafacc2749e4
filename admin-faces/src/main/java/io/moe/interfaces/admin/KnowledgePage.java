package io.moe.interfaces.admin;

import io.moe.domain.shared.TextFiles;
import io.moe.application.knowledge.ExportFilter;
import io.moe.application.knowledge.ImportReport;
import io.moe.application.knowledge.KnowledgeExport;
import io.moe.application.knowledge.KnowledgeImport;
import io.moe.application.knowledge.KnowledgeSearch;
import io.moe.application.knowledge.KnowledgeStore;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.Charts;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonException;
import jakarta.json.JsonValue;
import org.primefaces.model.DefaultStreamedContent;
import org.primefaces.model.StreamedContent;
import org.primefaces.model.file.UploadedFile;

import java.io.Serializable;
import java.nio.charset.CharacterCodingException;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /knowledge}: the graph's statistics with charts, semantic search, export of a
 * bundle with the spec's filters (downloaded as it is written), and import of a bundle file in two steps:
 * a validation (dry run) whose report previews the import, then the import itself. Every action drives the
 * same application services as the orchestrator's /graph routes, with the same checks and messages.
 */
@Named
@PerView
public class KnowledgePage implements Serializable {

    private static final long serialVersionUID = 1L;
    static final int MAX_IMPORT_BYTES = 2_000_000;
    /** An outcome of the import as a validation foresees it: created as "to create". */
    private static final Map<String, String> FORESEEN = Map.of("created", "to create", "merged", "to merge", "skipped", "to skip");

    @Inject
    transient KnowledgeSearch search;

    @Inject
    transient KnowledgeExport export;

    @Inject
    transient KnowledgeImport imports;

    private transient KnowledgeStore.Stats stats;
    private String query;
    private transient KnowledgeSearch.Page results;
    private String domains;
    private double minTrust = ExportFilter.DEFAULT_MIN_TRUST;
    private boolean stripSensitive = true;
    private boolean includeSyntheses = true;
    private transient UploadedFile upload;
    private String sourceTag = "community_import";
    private double trustFloor = 0.5;
    /** The source tag and trust floor the validated file was checked with. */
    private String validatedTag;
    private double validatedFloor;
    private String validatedFile;
    private String bundleText;
    private transient ImportReport report;

    public KnowledgeStore.Stats getStats() {
        if (stats == null) {
            stats = search.stats();
        }
        return stats;
    }

    public String getDomainChart() {
        return Charts.shares("Entities", getStats().entitiesByDomain(), "domains");
    }

    public String getTypeChart() {
        return Charts.counts("Relations", getStats().relationsByType());
    }

    public void runSearch() {
        try {
            results = search.search(query, 0, KnowledgeSearch.MAX_LIMIT);
        } catch (Refusal e) {
            results = null;
            PageMessages.refused("Not searched", e, Map.of("q", "search:q"));
        }
    }

    /** The bundle for the filters, written to the browser while the graph is read; null (and a message) for bad filters. */
    public StreamedContent getDownload() {
        ExportFilter filter;
        try {
            filter = ExportFilter.parse(domains, Double.toString(minTrust), Boolean.toString(stripSensitive), Boolean.toString(includeSyntheses));
        } catch (Refusal e) {
            PageMessages.refused("Not exported", e, Map.of("domains", "export:domains", "min_trust", "export:min-trust"));
            return null;
        }
        return DefaultStreamedContent.builder().name("knowledge_bundle.jsonld").contentType("application/ld+json")
                .writer(out -> export.write(filter, out)).build();
    }

    /** Step 1: reads the file and validates it as a dry run; the report previews the import. */
    public void validate() {
        report = null;
        bundleText = null;
        if (upload == null || upload.getSize() == 0) {
            PageMessages.refused("Nothing validated", new io.moe.application.knowledge.KnowledgeRefusedException("missing_file", "file",
                    "Choose a bundle file (knowledge_bundle.jsonld) first."), Map.of("file", "import:file"));
            return;
        }
        try {
            if (upload.getSize() > MAX_IMPORT_BYTES) {
                throw new io.moe.application.knowledge.KnowledgeRefusedException("file_too_large", "file", "The file has "
                        + upload.getSize() + " bytes; at most " + MAX_IMPORT_BYTES + " are accepted here (use the API for larger bundles).");
            }
            String text = TextFiles.utf8(upload.getContent());
            report = imports.run(body(text, sourceTag, trustFloor), true);
            bundleText = text;
            validatedTag = sourceTag;
            validatedFloor = trustFloor;
            validatedFile = upload.getFileName();
        } catch (CharacterCodingException e) {
            PageMessages.refused("Nothing validated", new io.moe.application.knowledge.KnowledgeRefusedException("not_utf8", "file",
                    "The file is not valid UTF-8 text."), Map.of("file", "import:file"));
        } catch (Refusal e) {
            PageMessages.refused("Nothing validated", e, Map.of("file", "import:file", "source_tag", "import:source-tag",
                    "trust_floor", "import:trust-floor"));
        } finally {
            upload = null;
        }
    }

    /**
     * Step 2: imports the validated file with the source tag and trust floor it was validated with, whatever the
     * fields say now (they are set back to those, so the page shows what was imported).
     */
    public void importValidated() {
        if (bundleText == null) {
            return;
        }
        sourceTag = validatedTag;
        trustFloor = validatedFloor;
        try {
            report = imports.run(body(bundleText, validatedTag, validatedFloor), false);
            bundleText = null;
            stats = null;
            PageMessages.done("Imported: " + counted(report.counts().get("entities_created"), "entity", "entities") + " and "
                    + counted(report.counts().get("relations_created"), "relation", "relations") + " created");
        } catch (Refusal e) {
            if ("partly_imported".equals(e.code())) { // some batches were written before the failure: not "nothing"
                stats = null;
                report = null;
                PageMessages.refused("Partly imported", e, Map.of());
            } else {
                PageMessages.refused("Nothing imported", e, Map.of());
            }
        }
    }

    private static JsonValue body(String text, String sourceTag, double trustFloor) {
        JsonValue bundle;
        try {
            bundle = Jsonp.readValue(text);
        } catch (JsonException e) {
            throw new io.moe.application.knowledge.KnowledgeRefusedException("invalid_json", "file", "The file is not a JSON bundle.");
        }
        return Jsonp.createObjectBuilder().add("bundle", bundle).add("source_tag", sourceTag == null ? "" : sourceTag.strip())
                .add("trust_floor", trustFloor).build();
    }

    public List<KnowledgeSearch.Hit> getHits() {
        return results == null ? List.of() : results.hits();
    }

    public boolean isSearched() {
        return results != null;
    }

    public ImportReport getReport() {
        return report;
    }

    /** What Import will write, as it was validated: the file's name, its source tag and trust floor. */
    public String getValidatedFile() {
        return validatedFile + " with source tag " + validatedTag + " and highest trust " + String.format(java.util.Locale.ROOT, "%.2f", validatedFloor);
    }

    public boolean isValidated() {
        return bundleText != null && report != null && report.dryRun();
    }

    public List<Map.Entry<String, Long>> getReportCounts() {
        return report == null ? List.of() : List.copyOf(report.counts().entrySet());
    }

    /**
     * A count of the report as a person reads it: {@code entities_created} as "Entities created", or, in a validation
     * that changed nothing, "Entities to create".
     */
    public String countLabel(String key) {
        boolean preview = report != null && report.dryRun();
        if (key.equals("error_count")) {
            return "Errors";
        }
        if (key.equals("contradicted")) {
            return preview ? "To skip as contradictions" : "Skipped as contradictions";
        }
        int cut = key.lastIndexOf('_');
        String what = (cut < 0 ? key : key.substring(0, cut)).replace('_', ' ');
        String outcome = cut < 0 ? "" : key.substring(cut + 1);
        String label = preview && FORESEEN.containsKey(outcome) ? what + " " + FORESEEN.get(outcome) : key.replace('_', ' ');
        return Character.toUpperCase(label.charAt(0)) + label.substring(1);
    }

    private static String counted(Long n, String one, String many) {
        long count = n == null ? 0 : n;
        return count + " " + (count == 1 ? one : many);
    }

    public List<String> getReportExamples() {
        if (report == null) {
            return List.of();
        }
        return report.examples().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .flatMap(e -> e.getValue().stream().map(v -> (report.dryRun() ? FORESEEN.getOrDefault(e.getKey(), e.getKey()) : e.getKey()) + ": " + v))
                .toList();
    }

    public String getQuery() {
        return query;
    }

    public void setQuery(String query) {
        this.query = query;
    }

    public String getDomains() {
        return domains;
    }

    public void setDomains(String domains) {
        this.domains = domains;
    }

    public double getMinTrust() {
        return minTrust;
    }

    public void setMinTrust(double minTrust) {
        this.minTrust = minTrust;
    }

    public boolean isStripSensitive() {
        return stripSensitive;
    }

    public void setStripSensitive(boolean stripSensitive) {
        this.stripSensitive = stripSensitive;
    }

    public boolean isIncludeSyntheses() {
        return includeSyntheses;
    }

    public void setIncludeSyntheses(boolean includeSyntheses) {
        this.includeSyntheses = includeSyntheses;
    }

    public UploadedFile getUpload() {
        return upload;
    }

    public void setUpload(UploadedFile upload) {
        this.upload = upload;
    }

    public String getSourceTag() {
        return sourceTag;
    }

    public void setSourceTag(String sourceTag) {
        this.sourceTag = sourceTag;
    }

    public double getTrustFloor() {
        return trustFloor;
    }

    public void setTrustFloor(double trustFloor) {
        this.trustFloor = trustFloor;
    }
}
