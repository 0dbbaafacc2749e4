package io.moe.tools.files;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.io.IOException;

/**
 * generate_file: writes the content as pptx, docx, xlsx, csv, pdf, html, md or txt and answers with
 * the download URL under /downloads/. A file over its {@link FileLimits} is a 422 {@code result_too_large};
 * the download folder's {@link DownloadQuota} is enforced when the file is stored.
 */
public final class GenerateFile implements Tool {

    private final Downloads downloads;
    private final String publicUrl;
    private final FileLimits limits;

    public GenerateFile(Downloads downloads, String publicUrl, FileLimits limits) {
        this.downloads = downloads;
        this.publicUrl = publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
        this.limits = limits;
    }

    @Override
    public String name() {
        return "generate_file";
    }

    @Override
    public String description() {
        return "Create a downloadable file from text: pptx (## headings become slide titles, lines become bullets), docx, "
                + "xlsx (from CSV or a Markdown table), csv, pdf, html (from Markdown), md or txt.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("content", "string", "the text; Markdown headings and lists are understood")
                .optionalEnum("format", "file format (txt when left out)", "pptx", "docx", "xlsx", "csv", "pdf", "html", "md", "txt")
                .optional("filename", "string", "file name without folders, e.g. quarterly-report").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String content = args.string("content", "text", "body"); // at most ToolArgs.MAX_STRING characters, as every text argument
        FileFormat format = FileFormat.of(args.optionalString("format", "type", "file_type").orElse("txt"));
        String requested = args.optionalString("filename", "file_name", "name", "title").orElse("document");
        byte[] bytes;
        try {
            bytes = FileWriters.write(format, requested, content, limits);
        } catch (IOException e) {
            throw new ToolException(Kind.FAILED, "generation_failed", null, "the " + format.extension() + " file could not be written: " + e.getMessage());
        }
        String name = downloads.store(args.owner().orElse(null), requested, format, bytes);
        String path = "/downloads/" + name;
        return Jsonp.createObjectBuilder().add("filename", name).add("format", format.extension())
                .add("size_bytes", bytes.length).add("path", path).add("url", publicUrl + path)
                .add("expires_at", downloads.expiresAt(name).toString()).build();
    }
}
