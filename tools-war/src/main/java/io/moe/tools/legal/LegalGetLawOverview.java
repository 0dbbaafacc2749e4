package io.moe.tools.legal;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/** legal_get_law_overview: the sections of a law (designation and heading). */
public final class LegalGetLawOverview implements Tool {

    private final LegalLibrary library;

    public LegalGetLawOverview(LegalLibrary library) {
        this.library = library;
    }

    @Override
    public String name() {
        return "legal_get_law_overview";
    }

    @Override
    public String description() {
        return "List the sections (§/Art. and heading) of a German federal law given by its abbreviation, e.g. BGB.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("law", "string", "abbreviation such as BGB, StGB, GG").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        Law law = library.law(args.string("law", "law_abbreviation", "abbreviation"));
        JsonArrayBuilder sections = Jsonp.createArrayBuilder();
        law.sections().forEach(s -> sections.add(Jsonp.createObjectBuilder().add("paragraph", s.designation()).add("title", s.title())));
        return Jsonp.createObjectBuilder().add("law", law.abbreviation()).add("title", law.title())
                .add("section_count", law.sections().size()).add("sections", sections).build();
    }
}
