package io.moe.tools.legal;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/** legal_get_paragraph: the exact text of one section of a law. */
public final class LegalGetParagraph implements Tool {

    private final LegalLibrary library;

    public LegalGetParagraph(LegalLibrary library) {
        this.library = library;
    }

    @Override
    public String name() {
        return "legal_get_paragraph";
    }

    @Override
    public String description() {
        return "The exact text of one section of a German federal law, e.g. law BGB, paragraph 433 (or \"Art. 1\" for GG).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("law", "string", "abbreviation such as BGB")
                .required("paragraph", "string", "the section number, e.g. 433, § 433 or Art. 1").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        Law law = library.law(args.string("law", "law_abbreviation", "abbreviation"));
        String paragraph = args.string("paragraph", "section", "article", "norm");
        Section section = law.section(paragraph).orElseThrow(() -> new ToolException(Kind.NOT_FOUND, "paragraph_not_found", "paragraph",
                law.abbreviation() + " has no section '" + paragraph + "'; legal_get_law_overview lists its sections"));
        return Jsonp.createObjectBuilder().add("law", law.abbreviation()).add("paragraph", section.designation())
                .add("title", section.title()).add("text", section.text())
                .add("source", "https://www.gesetze-im-internet.de/" + law.slug() + "/").build();
    }
}
