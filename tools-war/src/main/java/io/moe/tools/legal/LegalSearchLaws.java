package io.moe.tools.legal;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.List;
import java.util.Locale;

/** legal_search_laws: laws whose title or abbreviation contains a keyword. */
public final class LegalSearchLaws implements Tool {

    private final LegalLibrary library;

    public LegalSearchLaws(LegalLibrary library) {
        this.library = library;
    }

    @Override
    public String name() {
        return "legal_search_laws";
    }

    @Override
    public String description() {
        return "Find German federal laws by a keyword in their title or abbreviation (gesetze-im-internet.de).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("keyword", "string", "e.g. Strafgesetzbuch, Produkt, BGB")
                .optional("max_results", "integer", "1-50, default 10").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String keyword = args.string("keyword", "query", "search").trim();
        if (keyword.length() < 2) {
            throw ToolException.invalid("keyword", "'keyword' needs at least 2 characters");
        }
        int max = Legal.maxResults(args);
        String k = keyword.toLowerCase(Locale.ROOT);
        List<LawEntry> hits = library.tableOfContents().stream()
                .filter(e -> e.slug().contains(k) || e.title().toLowerCase(Locale.ROOT).contains(k)).toList();
        JsonArrayBuilder laws = Jsonp.createArrayBuilder();
        hits.stream().limit(max).forEach(e -> laws.add(Jsonp.createObjectBuilder()
                .add("abbreviation", e.slug().toUpperCase(Locale.ROOT)).add("law", e.slug()).add("title", e.title())));
        return Jsonp.createObjectBuilder().add("keyword", keyword).add("total", hits.size()).add("laws", laws).build();
    }
}
