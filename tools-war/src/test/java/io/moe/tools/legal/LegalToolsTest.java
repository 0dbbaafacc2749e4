package io.moe.tools.legal;

import io.moe.tools.ToolCase;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The four legal tools against the shipped fixture mirror in the gesetze-im-internet.de formats. */
class LegalToolsTest {

    private static final LegalLibrary LIBRARY = new LegalLibrary(new LawSource("https://unused.invalid", mirror()),
            Duration.ofHours(1), 50, Clock.systemUTC());

    private static Path mirror() {
        try {
            return Path.of(LegalToolsTest.class.getResource("/legal-mirror/gii-toc.xml").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void searchFindsLawsByTitleAndAbbreviation() {
        var byTitle = ToolCase.run(new LegalSearchLaws(LIBRARY), "{\"keyword\":\"strafgesetz\"}");
        assertEquals(1, byTitle.getInt("total"));
        assertEquals("STGB", byTitle.getJsonArray("laws").getJsonObject(0).getString("abbreviation"));
        assertEquals(1, ToolCase.run(new LegalSearchLaws(LIBRARY), "{\"query\":\"BGB\"}").getInt("total"));
        assertEquals(2, ToolCase.run(new LegalSearchLaws(LIBRARY), "{\"keyword\":\"gesetz\",\"max_results\":2}")
                .getJsonArray("laws").size());
        assertEquals(0, ToolCase.run(new LegalSearchLaws(LIBRARY), "{\"keyword\":\"Weltraum\"}").getInt("total"));
        ToolCase.refused(new LegalSearchLaws(LIBRARY), "{\"keyword\":\"a\"}", "invalid_argument", "keyword");
        ToolCase.refused(new LegalSearchLaws(LIBRARY), "{\"keyword\":\"ab\",\"max_results\":99}", "invalid_argument", "max_results");
    }

    @Test
    void overviewListsSections() {
        var bgb = ToolCase.run(new LegalGetLawOverview(LIBRARY), "{\"law\":\"BGB\"}");
        assertEquals("BGB", bgb.getString("law"));
        assertEquals("Bürgerliches Gesetzbuch", bgb.getString("title"));
        assertEquals(4, bgb.getInt("section_count"));
        assertEquals("§ 433", bgb.getJsonArray("sections").getJsonObject(3).getString("paragraph"));
        assertEquals("Art 1", ToolCase.run(new LegalGetLawOverview(LIBRARY), "{\"law\":\"gg\"}")
                .getJsonArray("sections").getJsonObject(0).getString("paragraph"));
        ToolCase.refused(new LegalGetLawOverview(LIBRARY), "{\"law\":\"XYZG\"}", "law_not_found", "law");
        ToolCase.refused(new LegalGetLawOverview(LIBRARY), "{}", "missing_argument", "law");
    }

    @Test
    void paragraphTextIsExact() {
        var p = ToolCase.run(new LegalGetParagraph(LIBRARY), "{\"law\":\"StGB\",\"paragraph\":\"242\"}");
        assertEquals("Diebstahl", p.getString("title"));
        assertTrue(p.getString("text").startsWith("(1) Wer eine fremde bewegliche Sache"), p.getString("text"));
        assertTrue(p.getString("text").endsWith("(2) Der Versuch ist strafbar."));
        assertEquals("§ 1", ToolCase.run(new LegalGetParagraph(LIBRARY), "{\"law\":\"bgb\",\"paragraph\":\"§ 1\"}").getString("paragraph"));
        assertTrue(ToolCase.run(new LegalGetParagraph(LIBRARY), "{\"law\":\"GG\",\"paragraph\":\"Art. 1\"}")
                .getString("text").contains("Würde des Menschen"));
        ToolCase.refused(new LegalGetParagraph(LIBRARY), "{\"law\":\"BGB\",\"paragraph\":\"9999\"}", "paragraph_not_found", "paragraph");
        ToolCase.refused(new LegalGetParagraph(LIBRARY), "{\"law\":\"BGB\"}", "missing_argument", "paragraph");
    }

    @Test
    void fulltextSearchNeedsEveryWord() {
        var r = ToolCase.run(new LegalFulltextSearch(LIBRARY), "{\"law\":\"StGB\",\"query\":\"Freiheitsstrafe Vermögen\"}");
        assertEquals(1, r.getInt("total"));
        assertEquals("§ 263", r.getJsonArray("results").getJsonObject(0).getString("paragraph"));
        assertEquals(2, ToolCase.run(new LegalFulltextSearch(LIBRARY), "{\"law\":\"StGB\",\"query\":\"freiheitsstrafe\"}").getInt("total"));
        assertEquals(0, ToolCase.run(new LegalFulltextSearch(LIBRARY), "{\"law\":\"GG\",\"query\":\"Kaufpreis\"}").getInt("total"));
        assertTrue(ToolCase.run(new LegalFulltextSearch(LIBRARY), "{\"law\":\"BGB\",\"query\":\"Kaufpreis\"}")
                .getJsonArray("results").getJsonObject(0).getString("snippet").contains("Kaufpreis"));
        ToolCase.refused(new LegalFulltextSearch(LIBRARY), "{\"law\":\"BGB\",\"query\":\" \"}", "invalid_argument", "query");
    }

    @Test
    void externalEntitiesAreNeverResolved() {
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE items [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<items><item><title>&x;</title><link>http://h/evil/xml.zip</link></item></items>";
        try {
            var entries = LegalLibrary.parseToc(xxe.getBytes(StandardCharsets.UTF_8));
            assertTrue(entries.isEmpty() || !entries.get(0).title().contains("root:"), entries.toString());
        } catch (io.moe.tools.ToolException refused) {
            assertEquals("law_source_failed", refused.code());
        }
        assertThrows(io.moe.tools.ToolException.class, () -> LegalLibrary.parseToc("<items".getBytes(StandardCharsets.UTF_8)));
    }
}
