package io.moe.tools.files;

import io.moe.tools.ToolException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The formats generate_file writes, with the names models use for them. */
public enum FileFormat {
    PPTX("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", "ppt", "powerpoint", "presentation", "slides"),
    DOCX("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "doc", "word", "document"),
    XLSX("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xls", "excel", "spreadsheet"),
    CSV("csv", "text/csv; charset=utf-8"),
    PDF("pdf", "application/pdf"),
    HTML("html", "text/html; charset=utf-8", "htm"),
    MD("md", "text/markdown; charset=utf-8", "markdown"),
    TXT("txt", "text/plain; charset=utf-8", "text", "plain");

    private final String extension;
    private final String mediaType;
    private final List<String> aliases;

    FileFormat(String extension, String mediaType, String... aliases) {
        this.extension = extension;
        this.mediaType = mediaType;
        this.aliases = List.of(aliases);
    }

    public String extension() {
        return extension;
    }

    public String mediaType() {
        return mediaType;
    }

    public static FileFormat of(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replaceFirst("^\\.", "");
        return Arrays.stream(values()).filter(f -> f.extension.equals(n) || f.aliases.contains(n)).findFirst()
                .orElseThrow(() -> ToolException.invalid("format", "unknown format '" + name
                        + "'; use pptx (ppt, powerpoint), docx, xlsx, csv, pdf, html, md or txt"));
    }

    /** The format of a stored file name, by its extension. */
    public static FileFormat ofFileName(String fileName) {
        return of(fileName.substring(fileName.lastIndexOf('.') + 1));
    }
}
