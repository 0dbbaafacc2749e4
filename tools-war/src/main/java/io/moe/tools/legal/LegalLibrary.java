package io.moe.tools.legal;

import io.moe.tools.ToolException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The table of contents and the laws, parsed from their gii formats and cached for a configurable
 * time, so repeated questions do not fetch the same files again.
 */
public final class LegalLibrary {

    private record Cached<T>(T value, Instant at) {
    }

    private final LawSource source;
    private final Duration ttl;
    private final Clock clock;
    private volatile Cached<List<LawEntry>> toc;
    private final Map<String, Cached<Law>> laws = new ConcurrentHashMap<>();

    public LegalLibrary(LawSource source, Duration ttl, Clock clock) {
        this.source = source;
        this.ttl = ttl;
        this.clock = clock;
    }

    public List<LawEntry> tableOfContents() {
        Cached<List<LawEntry>> current = toc;
        if (current == null || expired(current.at())) {
            current = new Cached<>(parseToc(source.read("/gii-toc.xml")), clock.instant());
            toc = current;
        }
        return current.value();
    }

    /** The law named by abbreviation ({@code BGB}, {@code stgb}) or exact title. */
    public Law law(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        LawEntry entry = tableOfContents().stream()
                .filter(e -> e.slug().equals(wanted) || e.title().toLowerCase(Locale.ROOT).equals(wanted))
                .findFirst()
                .orElseThrow(() -> new ToolException(404, "law_not_found", "law", "no law '" + name
                        + "' in the table of contents; find its abbreviation with legal_search_laws"));
        Cached<Law> cached = laws.get(entry.slug());
        if (cached == null || expired(cached.at())) {
            cached = new Cached<>(parseLaw(entry, source.unzipXml(source.read(entry.zipPath()))), clock.instant());
            laws.put(entry.slug(), cached);
        }
        return cached.value();
    }

    private boolean expired(Instant at) {
        return at.plus(ttl).isBefore(clock.instant());
    }

    static List<LawEntry> parseToc(byte[] xml) {
        Document doc = parse(xml, "gii-toc.xml");
        List<LawEntry> entries = new ArrayList<>();
        NodeList items = doc.getElementsByTagName("item");
        for (int i = 0; i < items.getLength(); i++) {
            Element item = (Element) items.item(i);
            String title = text(item, "title").orElse("");
            String link = text(item, "link").orElse("");
            int slash = link.lastIndexOf("/xml.zip");
            if (slash > 0) {
                String path = link.replaceFirst("^https?://[^/]+", "");
                String slug = path.substring(1, path.length() - "/xml.zip".length()).toLowerCase(Locale.ROOT);
                entries.add(new LawEntry(slug, title.strip(), path));
            }
        }
        return List.copyOf(entries);
    }

    static Law parseLaw(LawEntry entry, byte[] xml) {
        Document doc = parse(xml, entry.zipPath());
        NodeList norms = doc.getElementsByTagName("norm");
        String abbreviation = entry.slug().toUpperCase(Locale.ROOT);
        String title = entry.title();
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < norms.getLength(); i++) {
            Element norm = (Element) norms.item(i);
            Element meta = child(norm, "metadaten");
            if (meta == null) {
                continue;
            }
            if (i == 0) {
                abbreviation = text(meta, "jurabk").orElse(abbreviation);
                title = text(meta, "langue").orElse(title);
            }
            Optional<String> designation = text(meta, "enbez");
            if (designation.isPresent()) {
                Element content = child(norm, "textdaten");
                sections.add(new Section(designation.get().strip(), text(meta, "titel").orElse("").strip(),
                        content == null ? "" : paragraphs(content)));
            }
        }
        return new Law(entry.slug(), abbreviation, title, List.copyOf(sections));
    }

    private static String paragraphs(Element content) {
        NodeList ps = content.getElementsByTagName("P");
        if (ps.getLength() == 0) {
            return content.getTextContent().replaceAll("\\s+", " ").strip();
        }
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < ps.getLength(); i++) {
            lines.add(ps.item(i).getTextContent().replaceAll("\\s+", " ").strip());
        }
        return String.join("\n", lines);
    }

    private static Document parse(byte[] xml, String what) {
        try {
            return SafeXml.parse(xml);
        } catch (IOException e) {
            throw new ToolException(502, "law_source_failed", null, what + " is " + e.getMessage());
        }
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static Optional<String> text(Element parent, String name) {
        NodeList list = parent.getElementsByTagName(name);
        return list.getLength() == 0 ? Optional.empty() : Optional.of(list.item(0).getTextContent().strip()).filter(s -> !s.isEmpty());
    }
}
