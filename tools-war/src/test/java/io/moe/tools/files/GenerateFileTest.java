package io.moe.tools.files;

import io.moe.tools.ToolCase;
import jakarta.json.Json;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFShape;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xslf.usermodel.XSLFTextParagraph;
import org.apache.poi.xslf.usermodel.XSLFTextShape;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFParagraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GenerateFileTest {

    @TempDir
    Path dir;

    static final DownloadQuota QUOTA = new DownloadQuota(500_000_000, 50);
    static final FileLimits LIMITS = new FileLimits(20_000_000, 200, 20_000, 10_000, 100_000, 500);

    private GenerateFile tool() {
        return new GenerateFile(new Downloads(dir, Duration.ofMinutes(60), QUOTA, Clock.systemUTC()), "http://tools.example:8003/", LIMITS);
    }

    private Path generated(String argsJson) {
        var r = ToolCase.run(tool(), argsJson);
        assertTrue(r.getString("url").startsWith("http://tools.example:8003/downloads/"), r.toString());
        return dir.resolve(r.getString("filename"));
    }

    private static String args(String content, String format, String filename) {
        return Json.createObjectBuilder().add("content", content).add("format", format).add("filename", filename).build().toString();
    }

    @Test
    void aPresentationHasOneSlidePerHeadingWithItsBullets() throws Exception {
        Path file = generated(args("## Quartalszahlen\n- Umsatz +12 %\n- Kosten stabil\n\n## Ausblick\n* Neue Märkte\n1. Team wächst",
                "powerpoint", "Q3 Bericht.pptx"));
        assertTrue(file.getFileName().toString().endsWith("-Q3_Bericht.pptx"), file.toString());
        try (InputStream in = Files.newInputStream(file); XMLSlideShow show = new XMLSlideShow(in)) {
            List<XSLFSlide> slides = show.getSlides();
            assertEquals(2, slides.size());
            assertEquals("Quartalszahlen", slides.get(0).getTitle());
            assertEquals(List.of("Umsatz +12 %", "Kosten stabil"), bullets(slides.get(0)));
            assertEquals("Ausblick", slides.get(1).getTitle());
            assertEquals(List.of("Neue Märkte", "Team wächst"), bullets(slides.get(1)));
        }
        Path deeper = generated(args("# Deck\n## Eins\n- a\n### Unterpunkt\ntext\n#hashtag", "pptx", "tiefer"));
        try (InputStream in = Files.newInputStream(deeper); XMLSlideShow show = new XMLSlideShow(in)) {
            List<XSLFSlide> slides = show.getSlides();
            assertEquals(List.of("Deck", "Eins"), slides.stream().map(XSLFSlide::getTitle).toList(), "# and ## open slides");
            assertEquals(List.of("a", "Unterpunkt", "text", "#hashtag"), bullets(slides.get(1)), "### and below are bullets");
        }
    }

    private static List<String> bullets(XSLFSlide slide) {
        List<String> out = new ArrayList<>();
        for (XSLFShape shape : slide.getShapes()) {
            if (shape instanceof XSLFTextShape text && text != slide.getPlaceholder(0)) {
                for (XSLFTextParagraph p : text.getTextParagraphs()) {
                    if (!p.getText().isBlank()) {
                        out.add(p.getText());
                    }
                }
            }
        }
        return out;
    }

    @Test
    void aDocumentKeepsHeadingsAndLines() throws Exception {
        Path file = generated(args("# Titel\nErster Absatz.\n- Punkt", "docx", "notes"));
        try (InputStream in = Files.newInputStream(file); XWPFDocument doc = new XWPFDocument(in)) {
            List<String> texts = doc.getParagraphs().stream().map(XWPFParagraph::getText).toList();
            assertEquals(List.of("Titel", "Erster Absatz.", "• Punkt"), texts);
            assertTrue(doc.getParagraphs().get(0).getRuns().get(0).isBold());
        }
    }

    @Test
    void aSpreadsheetFromAMarkdownTableHasNumbersAsNumbers() throws Exception {
        Path file = generated(args("| Monat | Umsatz |\n|---|---|\n| Jan | 1200 |\n| Feb | 1350.5 |", "excel", "umsatz"));
        try (InputStream in = Files.newInputStream(file); XSSFWorkbook book = new XSSFWorkbook(in)) {
            var sheet = book.getSheetAt(0);
            assertEquals(3, sheet.getPhysicalNumberOfRows());
            assertEquals("Umsatz", sheet.getRow(0).getCell(1).getStringCellValue());
            assertEquals(1350.5, sheet.getRow(2).getCell(1).getNumericCellValue());
        }
        Path csv = generated(args("a,\"b, c\",d\n1,2,3", "xlsx", "x"));
        try (InputStream in = Files.newInputStream(csv); XSSFWorkbook book = new XSSFWorkbook(in)) {
            assertEquals("b, c", book.getSheetAt(0).getRow(0).getCell(1).getStringCellValue());
        }
    }

    @Test
    void pdfHtmlCsvAndTextCarryTheContent() throws Exception {
        Path pdf = generated(args("Bericht über Größen\n" + "lang ".repeat(100), "pdf", "bericht"));
        try (var doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("Bericht über Größen"), text);
        }
        Path controls = generated(args("a\u0080b\u009fc \u20ac 5 \u2603", "pdf", "steuerzeichen")); // C1 controls, euro, snowman
        try (var doc = Loader.loadPDF(controls.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("a?b?c \u20ac 5 ?"), "what Helvetica cannot show becomes '?': " + text);
        }
        String html = Files.readString(generated(args("## Hallo\n<script>alert(1)</script>\n\n*kursiv*", "html", "seite")));
        assertTrue(html.contains("<h2>Hallo</h2>"), html);
        assertTrue(html.contains("<em>kursiv</em>"));
        assertFalse(html.contains("<script>"), "raw HTML is escaped");
        assertEquals("a,b\r\n1,2\r\n", Files.readString(generated(args("| a | b |\n|--|--|\n| 1 | 2 |", "csv", "t"))));
        assertEquals("plain", Files.readString(generated(args("plain", "txt", "t"))));
    }

    @Test
    void namesAreSanitisedAndBadInputRefused() {
        assertEquals("passwd", Downloads.sanitise("../../etc/passwd.txt"));
        assertEquals("file", Downloads.sanitise("..."));
        assertEquals("Mein_Bericht_2024", Downloads.sanitise("Mein Bericht: 2024.docx"));
        assertEquals(80, Downloads.sanitise("x".repeat(200)).length());
        ToolCase.refused(tool(), args("x", "exe", "a"), "invalid_argument", "format");
        ToolCase.refused(tool(), "{\"format\":\"txt\"}", "missing_argument", "content");
    }

    @Test
    void filesExpire() {
        Instant now = Instant.parse("2026-01-01T10:00:00Z");
        Downloads fresh = new Downloads(dir, Duration.ofMinutes(60), QUOTA, Clock.fixed(now, ZoneOffset.UTC));
        String name = fresh.store(null, "a", FileFormat.TXT, "x".getBytes());
        assertTrue(new Downloads(dir, Duration.ofMinutes(60), QUOTA, Clock.systemUTC()).find(name).isPresent());
        Downloads later = new Downloads(dir, Duration.ofMinutes(60), QUOTA, Clock.fixed(Instant.now().plus(Duration.ofHours(2)), ZoneOffset.UTC));
        assertTrue(later.find(name).isEmpty(), "expired files are not served");
        assertTrue(later.find("../../etc/passwd").isEmpty());
    }
}
