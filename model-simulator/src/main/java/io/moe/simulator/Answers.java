package io.moe.simulator;

import jakarta.json.Json;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deterministic answer for each role, in the format the pipeline parses for that role. The same
 * request always gets the same answer.
 */
final class Answers {

    private static final Pattern CODE = Pattern.compile("(?i)\\b(code|function|java|python|bug|compile|class|method|sql)\\b");
    private static final Pattern MATH = Pattern.compile("(?i)(\\d+\\s*[-+*/^]\\s*\\d+|\\b(integral|derivative|equation|solve|sum of)\\b)");
    private static final Pattern LEGAL = Pattern.compile("(?i)(§|\\b(law|legal|contract|court|gdpr)\\b)");
    private static final Pattern MEDICAL = Pattern.compile("(?i)\\b(medical|symptom|dose|disease|treatment|headache)\\b");

    private static final Pattern CONFIDENCE_FIRST = Pattern.compile("(?i)\\bbegin\\b[^\\n]*\\bkonfidenz\\b");
    private static final Pattern LAST_LINE_MARKER = Pattern.compile("\\n(KONFIDENZ: [a-z]+)$");

    private Answers() {
    }

    static String answer(Role role, SimRequest request, String confidence) {
        String confidenceLine = "none".equals(confidence) ? "" : "\nKONFIDENZ: " + confidence;
        // The request the caller put first: a judge's or reasoner's prompt goes on with "## ..." sections
        // (expert answers with their KONFIDENZ lines) that an answer must not echo.
        String question = oneLine(request.user().split("(?m)^## ", 2)[0]);
        String category = Role.category(request.system());
        return switch (role) {
            case GAP_CHECK -> "COMPLETE";
            case CRITIC -> "BESTÄTIGT";
            case TRIPLES -> triples(request.user());
            case PLANNER -> plan(question, request.hasImages() || request.user().contains("image(s) attached"));
            case JUDGE -> "Synthesised answer to \"" + question + "\": the experts agree on the main points. "
                    + "This merged answer restates the question, combines the expert findings in order of "
                    + "their confidence and keeps the structure the mode asks for, so a client can check "
                    + "that the judge step ran and that its output reached the response." + confidenceLine;
            case REASONING -> "1. Problem breakdown: \"" + question + "\" has one central question.\n"
                    + "2. Source evaluation: the expert results agree with each other.\n"
                    + "3. Knowledge gaps: none that change the answer.\n"
                    + "4. Conclusion: answer directly, with the experts' main point first.";
            case INTERNAL -> "Simulated " + question.split("\\s+")[0].toLowerCase(Locale.ROOT) + " result";
            case EXPERT -> "Expert answer (" + (category == null ? "general" : category) + ") to \"" + question
                    + "\": the question is answered here in full sentences, with the facts a specialist "
                    + "would give first and the caveats after them. The simulator writes at least two "
                    + "hundred characters so that length-based rules of the pipeline can be tested." + confidenceLine;
            case PLAIN, SEARCH -> "Simulated answer to \"" + question + "\".";
        };
    }

    /**
     * A model told to begin with its confidence line ("Begin ... with one line 'KONFIDENZ: ...'") does so: the marker
     * line an answer would end with moves to the top. Any other answer is left as it is.
     */
    static String confidenceWhereAsked(String content, String system) {
        Matcher last = LAST_LINE_MARKER.matcher(content);
        if (!CONFIDENCE_FIRST.matcher(system).find() || !last.find()) {
            return content;
        }
        return last.group(1) + "\n" + content.substring(0, last.start());
    }

    private static String plan(String question, boolean images) {
        String category = images ? "vision"
                : CODE.matcher(question).find() ? "code_reviewer"
                : MATH.matcher(question).find() ? "math"
                : LEGAL.matcher(question).find() ? "legal_advisor"
                : MEDICAL.matcher(question).find() ? "medical_consult"
                : "general";
        return Json.createArrayBuilder().add(Json.createObjectBuilder()
                .add("task", question).add("category", category)).build().toString();
    }

    /**
     * Triples about the question of an extraction request ("Question: ...", then the answer), only for its
     * longest word of at least 12 letters (the unique markers tests put in questions): everyday words never
     * become graph entities that would change the answers of other questions. Nothing to extract otherwise.
     */
    private static String triples(String user) {
        String question = user.replaceFirst("(?s)^Question:\\s*", "").split("\\R\\s*\\R", 2)[0];
        return java.util.Arrays.stream(question.split("[^\\p{L}\\p{N}]+")).filter(w -> w.length() >= 12)
                .max(java.util.Comparator.comparingInt(String::length))
                .map(w -> w + " | RELATES_TO | " + w + " context\n" + w + " context | PART_OF | " + w + " corpus")
                .orElse("");
    }

    private static String oneLine(String text) {
        String line = text.replaceAll("\\s+", " ").trim();
        return line.length() > 300 ? line.substring(0, 300) : line;
    }
}
