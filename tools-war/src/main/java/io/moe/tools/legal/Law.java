package io.moe.tools.legal;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A parsed law: abbreviation, full title and its sections in document order. */
public record Law(String slug, String abbreviation, String title, List<Section> sections) {

    /** The section numbered {@code paragraph} ("433", "§ 433", "Art. 1", "433a"). */
    public Optional<Section> section(String paragraph) {
        String wanted = new Section(paragraph.trim(), "", "").number().toLowerCase(Locale.ROOT);
        return sections.stream().filter(s -> s.number().toLowerCase(Locale.ROOT).equals(wanted)).findFirst();
    }
}
