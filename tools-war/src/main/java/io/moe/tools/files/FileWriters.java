package io.moe.tools.files;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.poi.ss.SpreadsheetVersion;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xslf.usermodel.SlideLayout;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xslf.usermodel.XSLFSlideLayout;
import org.apache.poi.xslf.usermodel.XSLFTextShape;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFParagraph;
import org.apache.poi.xwpf.usermodel.XWPFRun;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes content in each {@link FileFormat} with the format's library, within {@link FileLimits}: counts
 * of slides, paragraphs, rows, cells and pages are checked before the library builds the file, and the
 * written file's size after. CSV is always re-written cell by cell, so no cell can start a formula.
 */
final class FileWriters {

    private FileWriters() {
    }

    static byte[] write(FileFormat format, String title, String content, FileLimits limits) throws IOException {
        byte[] bytes = switch (format) {
            case PPTX -> pptx(content, limits);
            case DOCX -> docx(content, limits);
            case XLSX -> xlsx(sheet(table(content, limits)));
            case CSV -> table(content, limits).toCsv().getBytes(StandardCharsets.UTF_8);
            case PDF -> pdf(content, limits);
            case HTML -> html(title, content);
            case MD, TXT -> content.getBytes(StandardCharsets.UTF_8);
        };
        FileLimits.check("bytes", bytes.length, limits.maxBytes());
        return bytes;
    }

    private static Table table(String content, FileLimits limits) {
        FileLimits.check("rows", content.lines().count(), limits.maxRows());
        Table table = Table.parse(content);
        FileLimits.check("cells", table.rows().stream().mapToLong(List::size).sum(), limits.maxCells());
        return table;
    }

    /** A table a spreadsheet holds: Excel's own bounds of 16,384 columns and 32,767 characters a cell. */
    private static Table sheet(Table table) {
        SpreadsheetVersion excel = SpreadsheetVersion.EXCEL2007;
        FileLimits.check("columns in a row", table.rows().stream().mapToLong(List::size).max().orElse(0), excel.getMaxColumns());
        FileLimits.check("characters in a cell", table.rows().stream().flatMap(List::stream).mapToLong(String::length).max().orElse(0),
                excel.getMaxTextLength());
        return table;
    }

    private static byte[] pptx(String content, FileLimits limits) throws IOException {
        Slides slides = Slides.parse(content);
        FileLimits.check("slides", slides.slides().size(), limits.maxSlides());
        FileLimits.check("bullets", slides.slides().stream().mapToLong(s -> s.bullets().size()).sum(), limits.maxParagraphs());
        try (XMLSlideShow show = new XMLSlideShow(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            XSLFSlideLayout layout = show.getSlideMasters().get(0).getLayout(SlideLayout.TITLE_AND_CONTENT);
            for (Slides.Slide s : slides.slides()) {
                XSLFSlide slide = show.createSlide(layout);
                slide.getPlaceholder(0).setText(s.title());
                XSLFTextShape body = slide.getPlaceholder(1);
                body.clearText();
                for (String bullet : s.bullets()) {
                    body.addNewTextParagraph().addNewTextRun().setText(bullet);
                }
            }
            show.write(out);
            return out.toByteArray();
        }
    }

    private static byte[] docx(String content, FileLimits limits) throws IOException {
        FileLimits.check("paragraphs", content.lines().count(), limits.maxParagraphs());
        try (XWPFDocument doc = new XWPFDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (String raw : content.split("\\R")) {
                String line = raw.strip();
                XWPFParagraph p = doc.createParagraph();
                XWPFRun run = p.createRun();
                if (line.startsWith("#")) {
                    int level = Math.min(3, line.indexOf(' ') > 0 ? line.indexOf(' ') : 1);
                    run.setBold(true);
                    run.setFontSize(20 - 2 * level);
                    run.setText(line.replaceFirst("^#+\\s*", ""));
                } else if (line.matches("^([-*•+])\\s+.*")) {
                    run.setText("• " + Slides.bullet(line));
                } else {
                    run.setText(line);
                }
            }
            doc.write(out);
            return out.toByteArray();
        }
    }

    private static byte[] xlsx(Table table) throws IOException {
        try (XSSFWorkbook book = new XSSFWorkbook(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            Sheet sheet = book.createSheet("Sheet1");
            List<List<String>> rows = table.rows();
            for (int r = 0; r < rows.size(); r++) {
                Row row = sheet.createRow(r);
                for (int c = 0; c < rows.get(r).size(); c++) {
                    String cell = rows.get(r).get(c);
                    if (cell.matches("-?\\d+(\\.\\d+)?") && cell.length() < 16) {
                        row.createCell(c).setCellValue(Double.parseDouble(cell));
                    } else {
                        row.createCell(c).setCellValue(cell);
                    }
                }
            }
            book.write(out);
            return out.toByteArray();
        }
    }

    private static byte[] pdf(String content, FileLimits limits) throws IOException {
        FileLimits.check("lines", content.lines().count(), limits.maxParagraphs());
        PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
        float size = 11;
        float leading = 14;
        float margin = 56;
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            List<String> lines = new ArrayList<>();
            for (String raw : content.split("\\R")) {
                lines.addAll(wrap(latin1(raw.replace("\t", "    ")), 95));
            }
            PDPage page = null;
            PDPageContentStream text = null;
            float y = 0;
            int pages = 0;
            for (String line : lines) {
                if (page == null || y < margin) {
                    FileLimits.check("pages", ++pages, limits.maxPages());
                    if (text != null) {
                        text.endText();
                        text.close();
                    }
                    page = new PDPage(PDRectangle.A4);
                    doc.addPage(page);
                    text = new PDPageContentStream(doc, page);
                    text.beginText();
                    text.setFont(font, size);
                    y = page.getMediaBox().getHeight() - margin;
                    text.newLineAtOffset(margin, y);
                }
                text.showText(line);
                text.newLineAtOffset(0, -leading);
                y -= leading;
            }
            if (text != null) {
                text.endText();
                text.close();
            } else {
                doc.addPage(new PDPage(PDRectangle.A4));
            }
            doc.save(out);
            return out.toByteArray();
        }
    }

    /**
     * What Helvetica's WinAnsi encoding can show: printable Latin-1 and the euro sign; control characters (C0, DEL, C1)
     * and everything else become '?'.
     */
    private static String latin1(String s) {
        StringBuilder out = new StringBuilder();
        s.codePoints().forEach(c -> out.append((c >= 32 && c < 127) || (c >= 160 && c <= 255) || c == '€' ? (char) c : '?'));
        return out.toString();
    }

    private static List<String> wrap(String line, int width) {
        List<String> out = new ArrayList<>();
        String rest = line;
        while (rest.length() > width) {
            int cut = rest.lastIndexOf(' ', width);
            if (cut <= 0) {
                cut = width;
            }
            out.add(rest.substring(0, cut));
            rest = rest.substring(cut).stripLeading();
        }
        out.add(rest);
        return out;
    }

    private static byte[] html(String title, String markdown) {
        Parser parser = Parser.builder().build();
        String body = HtmlRenderer.builder().escapeHtml(true).sanitizeUrls(true).build().render(parser.parse(markdown));
        String page = "<!DOCTYPE html>\n<html lang=\"de\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title></head>\n<body>\n" + body + "</body></html>\n";
        return page.getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
