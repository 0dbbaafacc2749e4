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

/** legal_fulltext_search: the sections of a law whose heading or text contains every word of a query. */
public final class LegalFulltextSearch implements Tool {

    static final int SNIPPET = 160;

    private final LegalLibrary library;

    public LegalFulltextSearch(LegalLibrary library) {
        this.library = library;
    }

    @Override
    public String name() {
        return "legal_fulltext_search";
    }

    @Override
    public String description() {
        return "Search the text of one German federal law for words (all must occur); returns matching sections with a snippet.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("law", "string", "abbreviation such as StGB").required("query", "string", "words to find")
                .optional("max_results", "integer", "1-50, default 10").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        Law law = library.law(args.string("law", "law_abbreviation", "abbreviation"));
        String query = args.string("query", "keyword", "text").trim();
        List<String> words = List.of(query.toLowerCase(Locale.ROOT).split("\\s+"));
        if (query.isEmpty() || words.stream().allMatch(w -> w.length() < 2)) {
            throw ToolException.invalid("query", "'query' needs a word of at least 2 characters");
        }
        int max = Legal.maxResults(args);
        List<Section> hits = law.sections().stream().filter(s -> {
            String haystack = (s.title() + " " + s.text()).toLowerCase(Locale.ROOT);
            return words.stream().allMatch(haystack::contains);
        }).toList();
        JsonArrayBuilder results = Jsonp.createArrayBuilder();
        hits.stream().limit(max).forEach(s -> results.add(Jsonp.createObjectBuilder().add("paragraph", s.designation())
                .add("title", s.title()).add("snippet", snippet(s.text(), words.get(0)))));
        return Jsonp.createObjectBuilder().add("law", law.abbreviation()).add("query", query).add("total", hits.size())
                .add("results", results).build();
    }

    private static String snippet(String text, String word) {
        int at = Math.max(0, text.toLowerCase(Locale.ROOT).indexOf(word));
        int start = Math.max(0, at - SNIPPET / 2);
        int end = Math.min(text.length(), start + SNIPPET);
        return (start > 0 ? "…" : "") + text.substring(start, end) + (end < text.length() ? "…" : "");
    }
}
