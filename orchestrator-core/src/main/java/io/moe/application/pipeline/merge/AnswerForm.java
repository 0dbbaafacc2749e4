package io.moe.application.pipeline.merge;

import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.shared.PlainText;

import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Puts a model's answer into the form of the mode while the answer is still arriving: text goes to the client as soon
 * as the form allows, and what was given out, joined, is the final answer. Three steps, each holding back only what
 * it cannot decide yet:
 * <ol>
 *   <li>confidence marker lines are dropped ({@link Confidence#strip}): a line is held only while it may still be one;</li>
 *   <li>leading and trailing whitespace of the whole answer is dropped: whitespace is held until text follows it;</li>
 *   <li>the mode's form: the KERNAUSSAGE / KONFIDENZ / DETAILS block (default: held until the first sentence is
 *       there; an answer that starts with its own block is held until its key statement's line ends, and gets its
 *       KONFIDENZ line back under it), code only under {@code # KONFIDENZ: <level>} (code: the
 *       contents of the fenced blocks, an unclosed last block up to the end; prose only when there is no block at
 *       all), the {@code KONFIDENZ: <level>} prefix and the first 120 words (concise), clean Markdown without any
 *       confidence marker (agent modes: a line is held from a possible marker on), and the research, report and plan
 *       structures with a closing confidence block (a report that mentions its executive summary before its first
 *       sentence ends keeps its own structure).</li>
 * </ol>
 * The level at the top of a form is the one the answer named before its text began, else the {@code fallback}; the
 * closing block names the last one it named, else the fallback. With {@code fixed} the fallback is always used.
 * Not thread-safe: one instance per answer, fed by one thread.
 */
public final class AnswerForm {

    static final int CONCISE_WORDS = 120;
    private static final Pattern SENTENCE = Pattern.compile("(?s)^(.{20,300}?[.!?])(\\s|$)");
    /** Past this many flattened characters without a sentence end, no first sentence can come any more. */
    private static final int SENTENCE_WINDOW = 302;
    private static final int KEY_STATEMENT_CUT = 200;
    /** The words an inline marker starts with: an agent answer's open line is held from where one may begin. */
    private static final String[] MARKER_WORDS = {"konfidenz", "confidence"};
    private static final Pattern INLINE_MARKER = Pattern.compile(
            "(?iu)[*_]*(?:konfidenz|confidence)[*_\\s]*[:=][*_\\s]*(hoch|mittel|niedrig|high|medium|low)\\b[*_]*");

    private final Mode mode;
    private final String webSources;
    private final Confidence fallback;
    private final boolean fixed;
    private final Consumer<String> client;
    private final StringBuilder given = new StringBuilder();
    private Confidence named;
    private Confidence opening;

    // step 1: marker lines
    private final StringBuilder line = new StringBuilder();
    private boolean lineReleased;
    private boolean afterCarriageReturn;
    private int keptLines;

    // step 2: the whole answer stripped
    private boolean bodyStarted;
    private final StringBuilder bodySpace = new StringBuilder();

    // step 3: the form
    private final StringBuilder body = new StringBuilder();
    private boolean formStarted;
    private boolean decided;
    private final StringBuilder held = new StringBuilder();
    private int scan;
    private boolean insideFence;
    private int fencesOpened;
    private boolean joinerPending;
    private final StringBuilder outSpace = new StringBuilder();
    private boolean outStarted;
    private int words;
    private boolean inWord;
    private boolean cut;
    private final StringBuilder agentLine = new StringBuilder();
    private int agentReleased;

    public AnswerForm(Mode mode, String webSources, Confidence fallback, boolean fixed, Consumer<String> client) {
        this.mode = mode;
        this.webSources = webSources;
        this.fallback = fallback;
        this.fixed = fixed;
        this.client = client;
    }

    /** The final answer in the mode's form, whole. */
    public static String render(Mode mode, String text, Confidence level, String webSources) {
        StringBuilder out = new StringBuilder();
        AnswerForm form = new AnswerForm(mode, webSources, level, true, out::append);
        form.accept(text == null ? "" : text);
        form.finish();
        return out.toString();
    }

    /** The next piece of the model's answer. */
    public void accept(String delta) {
        int start = 0;
        for (int i = 0; i < delta.length(); i++) {
            char c = delta.charAt(i);
            if (c == '\n' && afterCarriageReturn) {
                afterCarriageReturn = false;
                start = i + 1;
                continue;
            }
            afterCarriageReturn = c == '\r';
            if (c == '\n' || c == '\r') {
                lineText(delta.substring(start, i));
                endLine();
                start = i + 1;
            }
        }
        lineText(delta.substring(start));
    }

    /** The answer is complete: gives out what was held and the form's end. Answers the level the form names. */
    public Confidence finish() {
        if (line.length() > 0 && !lineReleased) {
            endLine();
        }
        switch (mode) {
            case DEFAULT, REPORT -> {
                decide(true);
                if (mode == Mode.REPORT) {
                    give(block(closingLevel()));
                }
            }
            case CODE -> {
                code(true);
                if (fencesOpened == 0) {
                    give("# KONFIDENZ: " + openingLevel().label() + "\n" + body);
                }
            }
            case CONCISE -> {
                startForm();
                if (cut) {
                    give(" …");
                }
            }
            case AGENT, AGENT_ORCHESTRATED -> {
                agentOut(stripInline(agentLine.substring(agentReleased)));
            }
            case RESEARCH -> {
                startForm();
                give(sources() + block(closingLevel()));
            }
            case PLAN -> {
                startForm();
                give(block(closingLevel()));
            }
        }
        return switch (mode) {
            case DEFAULT, CODE, CONCISE -> openingLevel();
            default -> closingLevel();
        };
    }

    /** Whether any text has gone to the client yet. */
    public boolean givenAny() {
        return given.length() > 0;
    }

    /** Everything given to the client so far. */
    public String text() {
        return given.toString();
    }

    // step 1

    private void lineText(String text) {
        if (text.isEmpty()) {
            return;
        }
        if (lineReleased) {
            stripped(text);
            return;
        }
        line.append(text);
        if (!Confidence.mayBeMarkerLine(line.toString())) {
            lineReleased = true;
            stripped((keptLines++ > 0 ? "\n" : "") + line);
        }
    }

    private void endLine() {
        if (!lineReleased) {
            var marker = Confidence.markerLine(line.toString());
            if (marker.isPresent()) {
                named = marker.get();
            } else {
                stripped((keptLines++ > 0 ? "\n" : "") + line);
            }
        }
        line.setLength(0);
        lineReleased = false;
    }

    // step 2

    private void stripped(String text) {
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                if (bodyStarted) {
                    bodySpace.append(c);
                }
                continue;
            }
            bodyStarted = true;
            run.append(bodySpace).append(c);
            bodySpace.setLength(0);
        }
        if (run.length() > 0) {
            body.append(run);
            form(run.toString());
        }
    }

    // step 3

    private void form(String text) {
        switch (mode) {
            case DEFAULT, REPORT -> {
                if (decided) {
                    give(text);
                } else {
                    held.append(text);
                    decide(false);
                }
            }
            case CODE -> code(false);
            case CONCISE -> concise(text);
            case AGENT, AGENT_ORCHESTRATED -> agent(text);
            case RESEARCH, PLAN -> {
                startForm();
                give(text);
            }
        }
    }

    /** The opening of the forms that have one at the top, once the answer's first text is there (or it ended). */
    private void startForm() {
        if (formStarted) {
            return;
        }
        formStarted = true;
        switch (mode) {
            case CONCISE -> give("KONFIDENZ: " + openingLevel().label() + " ");
            case RESEARCH -> give(body.toString().startsWith("#") ? "" : "## Findings\n\n");
            case PLAN -> give(body.toString().startsWith("#") ? "" : "## Plan\n\n");
            default -> { }
        }
    }

    /** Default and report: the block (or the report's head) once the first sentence is known. */
    private void decide(boolean ended) {
        if (decided) {
            return;
        }
        String start = held.toString();
        if (mode == Mode.DEFAULT && start.startsWith("KERNAUSSAGE")) {
            // the answer's own block: its KONFIDENZ line went with the marker lines (step 1), so it is put back under
            // the key statement's line, naming the level the block named (the fallback when it named none)
            int keyLineEnd = start.indexOf('\n');
            if (keyLineEnd < 0 && !ended) {
                return;
            }
            decided = true;
            String keyLine = keyLineEnd < 0 ? start : start.substring(0, keyLineEnd);
            give(keyLine + "\nKONFIDENZ: " + openingLevel().label() + start.substring(keyLine.length()));
            return;
        }
        if (mode == Mode.DEFAULT && !ended && "KERNAUSSAGE".startsWith(start)) {
            return;
        }
        String key = keyStatement(start, ended);
        if (key == null) {
            return;
        }
        decided = true;
        if (mode == Mode.DEFAULT) {
            give("KERNAUSSAGE: " + key + "\nKONFIDENZ: " + openingLevel().label() + "\nDETAILS:\n" + start);
        } else if (start.toLowerCase(Locale.ROOT).contains("executive summary")) {
            give(start);
        } else {
            give("# Report\n\n## Executive summary\n\n" + key + "\n\n## Details\n\n" + start);
        }
    }

    /** The first sentence, or the first 200 characters when there is none; null while it cannot be known yet. */
    static String keyStatement(String text, boolean ended) {
        String flat = text.replaceAll("\\s+", " ").trim();
        Matcher m = SENTENCE.matcher(flat);
        if (m.find() && (ended || m.end(1) < flat.length())) {
            return m.group(1);
        }
        if (!ended && flat.length() <= SENTENCE_WINDOW) {
            return null;
        }
        return flat.length() > KEY_STATEMENT_CUT ? PlainText.prefix(flat, KEY_STATEMENT_CUT) + "…" : flat;
    }

    /** Code: gives out the contents of fenced blocks as they arrive; prose is kept for an answer without a block. */
    private void code(boolean ended) {
        while (true) {
            int fence = body.indexOf("```", scan);
            if (!insideFence) {
                if (fence < 0) {
                    scan = Math.max(scan, body.length() - 2);
                    return;
                }
                int after = fence + 3;
                while (after < body.length() && fenceLabel(body.charAt(after))) {
                    after++;
                }
                if (after == body.length()) {
                    scan = ended ? body.length() : fence;
                    return;
                }
                if (body.charAt(after) != '\n') {
                    scan = fence + 1;
                    continue;
                }
                insideFence = true;
                if (fencesOpened++ == 0) {
                    give("# KONFIDENZ: " + openingLevel().label() + "\n");
                } else {
                    joinerPending = true;
                }
                outSpace.setLength(0);
                scan = after + 1;
                continue;
            }
            int end = fence >= 0 ? fence : body.length();
            if (fence < 0 && !ended) {
                while (end > scan && body.length() - end < 2 && body.charAt(end - 1) == '`') {
                    end--;
                }
            }
            codeOut(body.substring(scan, end));
            scan = end;
            if (fence < 0) {
                return;
            }
            insideFence = false;
            outSpace.setLength(0); // a block's trailing whitespace is not part of the code
            scan = fence + 3;
        }
    }

    private static boolean fenceLabel(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '+' || c == '-';
    }

    private void codeOut(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                outSpace.append(c);
                continue;
            }
            if (joinerPending) {
                joinerPending = false;
                give("\n");
            }
            give(outSpace.toString());
            outSpace.setLength(0);
            int end = i + 1;
            if (Character.isHighSurrogate(c) && end < text.length() && Character.isLowSurrogate(text.charAt(end))) {
                end++; // a character outside the basic plane goes out whole
            }
            give(text.substring(i, end));
            i = end - 1;
        }
    }

    /** Concise: the prefix, then the text up to the end of its 120th word. */
    private void concise(String text) {
        startForm();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < text.length() && !cut; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                inWord = false;
                outSpace.append(c);
                continue;
            }
            if (!inWord) {
                inWord = true;
                if (++words > CONCISE_WORDS) {
                    cut = true;
                    break;
                }
            }
            run.append(outSpace).append(c);
            outSpace.setLength(0);
        }
        give(run.toString());
    }

    /** Agent modes: lines without inline markers; an open line up to where a marker may begin. */
    private void agent(String text) {
        int start = 0;
        for (int nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
            agentLine.append(text, start, nl);
            agentOut(stripInline(agentLine.substring(agentReleased)).replaceAll("[ \\t]+$", "") + "\n");
            agentLine.setLength(0);
            agentReleased = 0;
            start = nl + 1;
        }
        agentLine.append(text, start, text.length());
        String open = agentLine.toString();
        int safe = open.length();
        for (String keyword : MARKER_WORDS) {
            for (int at = agentReleased; at < safe; at++) {
                int room = Math.min(keyword.length(), open.length() - at); // a marker word, or the beginning of one arriving
                if (open.regionMatches(true, at, keyword, 0, room)) {
                    safe = at;
                    break;
                }
            }
        }
        while (safe > agentReleased && "*_ \t".indexOf(agentLine.charAt(safe - 1)) >= 0) {
            safe--;
        }
        if (safe > agentReleased) {
            agentOut(agentLine.substring(agentReleased, safe));
            agentReleased = safe;
        }
    }

    private static String stripInline(String text) {
        return INLINE_MARKER.matcher(text).replaceAll("");
    }

    /** Agent output, stripped as a whole. */
    private void agentOut(String text) {
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                if (outStarted) {
                    outSpace.append(c);
                }
                continue;
            }
            outStarted = true;
            run.append(outSpace).append(c);
            outSpace.setLength(0);
        }
        give(run.toString());
    }

    private String sources() {
        if (webSources == null || webSources.isBlank() || body.indexOf("## Sources") >= 0 || body.indexOf("## Quellen") >= 0) {
            return "";
        }
        StringBuilder out = new StringBuilder("\n\n## Sources\n");
        webSources.lines().filter(l -> l.startsWith("[")).forEach(l -> out.append(l).append('\n'));
        return out.toString().stripTrailing();
    }

    private static String block(Confidence level) {
        return "\n\n---\nKONFIDENZ: " + level.label();
    }

    /** The level at the top of the form: decided once, when the top is given out. */
    private Confidence openingLevel() {
        if (opening == null) {
            opening = closingLevel();
        }
        return opening;
    }

    private Confidence closingLevel() {
        return fixed || named == null ? fallback : named;
    }

    private void give(String text) {
        if (!text.isEmpty()) {
            given.append(text);
            client.accept(text);
        }
    }
}
