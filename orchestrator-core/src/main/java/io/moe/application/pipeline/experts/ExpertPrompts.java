package io.moe.application.pipeline.experts;

/** The built-in system prompt of an expert category; the confidence protocol follows it. */
final class ExpertPrompts {

    static final String PROTOCOL = "End your answer with exactly one line 'KONFIDENZ: hoch', 'KONFIDENZ: mittel' or "
            + "'KONFIDENZ: niedrig': hoch = well-established, mittel = nuances possible, niedrig = data gaps or uncertainty.";

    private ExpertPrompts() {
    }

    static String of(String category) {
        return "You are a specialist expert in a multi-expert system. category: " + category + "\n"
                + "Answer the user's request accurately and concisely within your speciality, in at most 400 words.";
    }
}
