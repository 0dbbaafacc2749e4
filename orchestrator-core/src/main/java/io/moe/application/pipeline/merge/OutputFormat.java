package io.moe.application.pipeline.merge;

import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Confidence;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The eight output modes. {@link #instruction} tells the judge the form; {@link #render} guarantees it
 * on the final text whatever the model wrote: the KERNAUSSAGE / KONFIDENZ / DETAILS block (default),
 * code only under {@code # KONFIDENZ: <level>} (code), the inline prefix and about 120 words
 * (concise), clean Markdown (agent modes), and the research, report and plan structures with a
 * closing confidence block.
 */
public final class OutputFormat {

    static final int CONCISE_WORDS = 120;
    private static final Pattern FENCE = Pattern.compile("(?s)```[\\w+-]*\\n(.*?)```");
    private static final Pattern SENTENCE = Pattern.compile("(?s)^(.{20,300}?[.!?])(\\s|$)");

    private OutputFormat() {
    }

    static String instruction(Mode mode) {
        return switch (mode) {
            case DEFAULT -> "Give a full answer with explanations.";
            case CODE -> "Answer with source code only, no prose outside code comments.";
            case CONCISE -> "Answer in at most 120 words.";
            case AGENT, AGENT_ORCHESTRATED -> "Answer in clean Markdown for a coding agent, without any confidence block.";
            case RESEARCH -> "Write a structured research report: findings with [n] citations, then the sources.";
            case REPORT -> "Write a professional Markdown report that starts with an executive summary.";
            case PLAN -> "Answer with a plan: the goal, numbered steps, and risks.";
        };
    }

    /** The final answer in the mode's form. */
    public static String render(Mode mode, String text, Confidence level, String webSources) {
        String body = Confidence.strip(text);
        return switch (mode) {
            case DEFAULT -> hasBlock(body) ? body : "KERNAUSSAGE: " + keyStatement(body) + "\nKONFIDENZ: " + level.label()
                    + "\nDETAILS:\n" + body;
            case CODE -> "# KONFIDENZ: " + level.label() + "\n" + codeOnly(body);
            case CONCISE -> "KONFIDENZ: " + level.label() + " " + words(body, CONCISE_WORDS);
            case AGENT, AGENT_ORCHESTRATED -> Confidence.stripAll(body);
            case RESEARCH -> section(body, "## Findings") + sources(body, webSources) + block(level);
            case REPORT -> (body.toLowerCase(java.util.Locale.ROOT).contains("executive summary") ? body
                    : "# Report\n\n## Executive summary\n\n" + keyStatement(body) + "\n\n## Details\n\n" + body) + block(level);
            case PLAN -> section(body, "## Plan") + block(level);
        };
    }

    private static boolean hasBlock(String body) {
        return body.contains("KERNAUSSAGE") && body.contains("DETAILS");
    }

    private static String block(Confidence level) {
        return "\n\n---\nKONFIDENZ: " + level.label();
    }

    private static String section(String body, String heading) {
        return body.startsWith("#") ? body : heading + "\n\n" + body;
    }

    private static String sources(String body, String web) {
        if (web == null || web.isBlank() || body.contains("## Sources") || body.contains("## Quellen")) {
            return "";
        }
        StringBuilder out = new StringBuilder("\n\n## Sources\n");
        web.lines().filter(l -> l.startsWith("[")).forEach(l -> out.append(l).append('\n'));
        return out.toString().stripTrailing();
    }

    /** The first sentence, or the first 200 characters when there is no sentence end. */
    static String keyStatement(String body) {
        String flat = body.replaceAll("\\s+", " ").trim();
        Matcher m = SENTENCE.matcher(flat);
        if (m.find()) {
            return m.group(1);
        }
        return flat.length() > 200 ? flat.substring(0, 200) + "…" : flat;
    }

    /** The code blocks of the text, or the whole text when it has none. */
    static String codeOnly(String body) {
        Matcher m = FENCE.matcher(body);
        StringBuilder code = new StringBuilder();
        while (m.find()) {
            code.append(code.length() == 0 ? "" : "\n").append(m.group(1).stripTrailing());
        }
        return code.length() == 0 ? body : code.toString();
    }

    static String words(String body, int max) {
        String[] words = body.trim().split("\\s+");
        if (words.length <= max) {
            return body.trim();
        }
        return String.join(" ", Arrays.copyOf(words, max)) + " …";
    }
}
