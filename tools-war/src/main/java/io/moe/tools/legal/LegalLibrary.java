package io.moe.tools.legal;

import io.moe.domain.shared.Refusal.Kind;

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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The table of contents and the laws, parsed from their gii formats and cached for a configurable
 * time, so repeated questions do not fetch the same files again. At most {@code maxLaws} parsed laws
 * are kept (the least recently used one is dropped first), so asking for every law in turn cannot fill
 * the heap; concurrent requests for the same file wait for one fetch instead of each fetching it.
 */
public final class LegalLibrary {

    private record Cached<T>(T value, Instant at) {
    }

    private static final String TOC = "/gii-toc.xml";

    private final LawSource source;
    private final Duration ttl;
    private final Clock clock;
    private volatile Cached<List<LawEntry>> toc;
    private final Map<String, Cached<Law>> laws;
    private final SingleFlight<List<LawEntry>> tocLoads = new SingleFlight<>();
    private final SingleFlight<Law> lawLoads = new SingleFlight<>();

    public LegalLibrary(LawSource source, Duration ttl, int maxLaws, Clock clock) {
        this.source = source;
        this.ttl = ttl;
        this.clock = clock;
        this.laws = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Cached<Law>> eldest) {
                return size() > maxLaws;
            }
        });
    }

    public List<LawEntry> tableOfContents() {
        Cached<List<LawEntry>> current = toc;
        if (current != null && !expired(current.at())) {
            return current.value();
        }
        return tocLoads.load(TOC, () -> {
            Cached<List<LawEntry>> latest = toc;
            if (latest != null && !expired(latest.at())) {
                return latest.value(); // loaded by the call this one waited behind
            }
            Cached<List<LawEntry>> loaded = new Cached<>(parseToc(source.read(TOC)), clock.instant());
            toc = loaded;
            return loaded.value();
        });
    }

    /** Parsed laws held in memory now. */
    int cachedLaws() {
        return laws.size();
    }

    /** The law named by abbreviation ({@code BGB}, {@code stgb}) or exact title. */
    public Law law(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        LawEntry entry = tableOfContents().stream()
                .filter(e -> e.slug().equals(wanted) || e.title().toLowerCase(Locale.ROOT).equals(wanted))
                .findFirst()
                .orElseThrow(() -> new ToolException(Kind.NOT_FOUND, "law_not_found", "law", "no law '" + name
                        + "' in the table of contents; find its abbreviation with legal_search_laws"));
        Cached<Law> cached = laws.get(entry.slug());
        if (cached != null && !expired(cached.at())) {
            return cached.value();
        }
        return lawLoads.load(entry.slug(), () -> {
            Cached<Law> latest = laws.get(entry.slug());
            if (latest != null && !expired(latest.at())) {
                return latest.value();
            }
            Cached<Law> loaded = new Cached<>(parseLaw(entry, source.unzipXml(source.read(entry.zipPath()))), clock.instant());
            laws.put(entry.slug(), loaded);
            return loaded.value();
        });
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
            throw new ToolException(Kind.UPSTREAM_FAILED, "law_source_failed", null, what + " is " + e.getMessage());
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
