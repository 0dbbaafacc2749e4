package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.tools.ToolStage;
import io.moe.application.pipeline.trace.ToolEntry;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.pipeline.ToolResult;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.ExpertModel;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code skill_detector} expert (spec, expert categories): it detects a request to create a file — a
 * presentation, web page, document, spreadsheet, CSV, PDF or script — has the category's model write the file, and
 * calls the tool server's {@code generate_file} with it, within the user's tool grants like any precision tool. Its
 * answer is the download link (or, without the grant, the content and why no file was made). A request that asks for
 * no file is answered by the same model as an ordinary expert.
 */
@ApplicationScoped
public class SkillDetector {

    public static final String CATEGORY = "skill_detector";
    public static final String TOOL = "generate_file";
    static final Set<String> FORMATS = Set.of("pptx", "docx", "xlsx", "csv", "pdf", "html", "md", "txt");
    static final String NO_FILE = "NONE";
    static final String INSTRUCTION = "You are the skill detector of a multi-expert system. category: " + CATEGORY + "\n"
            + "Decide whether the request asks for a file to be made: a presentation (pptx), a web page (html), a "
            + "word-processing document (docx), a spreadsheet (xlsx), CSV, PDF, or a script or text file (md, txt). "
            + "If it does, write the file's whole content and answer with exactly one JSON object and nothing else: "
            + "{\"format\": \"pptx|docx|xlsx|csv|pdf|html|md|txt\", \"filename\": \"a short name without extension\", "
            + "\"content\": \"the content; Markdown headings and lists become slides, sections and rows\"}. "
            + "If it does not, answer " + NO_FILE + " and nothing else.";

    @Inject
    ModelCaller models;

    @Inject
    ToolServerClient tools;

    /** The file the model described, made; empty when the request asks for no file (or the model described none). */
    public Optional<String> fileAnswer(PipelineRun run, String stage, ExpertModel model, List<ChatMessage> turns) {
        Completion done = models.call(run, stage, model.ref(), INSTRUCTION, turns);
        Optional<JsonObject> file = described(done.content());
        if (file.isEmpty()) {
            return Optional.empty();
        }
        JsonObject args = file.get();
        if (!ToolStage.mayCall(run.caller(), TOOL)) {
            run.trace().tool(ToolEntry.skipped(TOOL, withoutContent(args), "the user holds no mcp_tool permission for " + TOOL));
            return Optional.of("A " + args.getString("format") + " file was asked for, but you may not create files (an "
                    + "administrator can grant the mcp_tool permission for " + TOOL + "). Its content:\n\n"
                    + args.getString("content") + "\nKONFIDENZ: mittel");
        }
        ToolResult made = tools.invoke(TOOL, args);
        run.trace().tool(ToolEntry.ran(TOOL, withoutContent(args), made.ok(), made.output()));
        if (!made.ok()) {
            return Optional.of("The " + args.getString("format") + " file could not be made (" + made.output() + "). Its content:\n\n"
                    + args.getString("content") + "\nKONFIDENZ: mittel");
        }
        run.findings().fileMade();
        return Optional.of(linked(args, made.output()));
    }

    /** The model's file as {@code generate_file}'s arguments, or empty for {@link #NO_FILE} or anything unusable. */
    static Optional<JsonObject> described(String output) {
        int start = output.indexOf('{');
        int end = output.lastIndexOf('}');
        if (start < 0 || end < start) {
            return Optional.empty();
        }
        JsonObject object;
        try {
            object = Jsonp.readObject(output.substring(start, end + 1));
        } catch (JsonException | IllegalStateException e) {
            return Optional.empty();
        }
        String format = text(object, "format").toLowerCase(Locale.ROOT).replaceFirst("^\\.", "");
        String content = text(object, "content");
        if (!FORMATS.contains(format) || content.isBlank()) {
            return Optional.empty();
        }
        String filename = text(object, "filename").replaceAll("[^A-Za-z0-9._ -]", "").strip();
        var args = Jsonp.createObjectBuilder().add("format", format).add("content", content);
        if (!filename.isEmpty()) {
            args.add("filename", filename.length() > 80 ? filename.substring(0, 80) : filename);
        }
        return Optional.of(args.build());
    }

    private static String text(JsonObject object, String field) {
        JsonValue value = object.get(field);
        return value instanceof JsonString s ? s.getString() : "";
    }

    /** The trace shows what was made, not the whole file. */
    private static JsonObject withoutContent(JsonObject args) {
        return Jsonp.createObjectBuilder(args).add("content", args.getString("content").length() + " characters").build();
    }

    /** An expiry instant as a person reads it: {@code 2026-11-28 17:20 UTC}. */
    static String until(String instant) {
        try {
            return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC).format(Instant.parse(instant));
        } catch (DateTimeParseException e) {
            return instant;
        }
    }

    private static String linked(JsonObject args, String toolOutput) {
        try {
            JsonObject result = Jsonp.readObject(toolOutput);
            String link = result.getString("url", result.getString("path", ""));
            return "The " + args.getString("format") + " file " + result.getString("filename", "") + " is ready: " + link
                    + (result.containsKey("expires_at") ? " (the link works until " + until(result.getString("expires_at")) + ")" : "")
                    + ".\nKONFIDENZ: hoch";
        } catch (JsonException | IllegalStateException | ClassCastException e) {
            return "The " + args.getString("format") + " file is ready: " + toolOutput + "\nKONFIDENZ: hoch";
        }
    }
}
