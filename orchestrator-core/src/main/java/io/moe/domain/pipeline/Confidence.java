package io.moe.domain.pipeline;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The confidence protocol: experts end with {@code KONFIDENZ: hoch|mittel|niedrig} (or the English
 * {@code CONFIDENCE: high|medium|low}). The last marker counts; a missing marker is mittel; empty, very
 * short or failed output is niedrig.
 */
public enum Confidence {
    NIEDRIG("niedrig"), MITTEL("mittel"), HOCH("hoch");

    /** Output shorter than this says too little to be trusted. */
    static final int VERY_SHORT = 12;

    /** A marker at the start of a line (for stripping marker lines); anchored, so linear per line. */
    private static final Pattern MARKER = Pattern.compile(
            "(?iu)[*_#\\s]*(?:konfidenz|confidence)[*_\\s]*[:=][*_\\s]*(hoch|mittel|niedrig|high|medium|low)\\b");
    /**
     * A marker anywhere, for finding the last one: it starts at the keyword, so a search does not rescan long
     * runs of spaces or markup from every position (which made hostile output cost quadratic time).
     */
    private static final Pattern ANYWHERE = Pattern.compile(
            "(?iu)(?:konfidenz|confidence)[*_\\s]*[:=][*_\\s]*(hoch|mittel|niedrig|high|medium|low)\\b");

    private final String label;

    Confidence(String label) {
        this.label = label;
    }

    /** The spec's label: hoch, mittel or niedrig. */
    public String label() {
        return label;
    }

    public static Confidence of(String output) {
        if (output == null || output.strip().length() < VERY_SHORT) {
            return NIEDRIG;
        }
        Matcher m = ANYWHERE.matcher(output);
        String found = null;
        while (m.find()) {
            found = m.group(1).toLowerCase(Locale.ROOT);
        }
        if (found == null) {
            return MITTEL;
        }
        return switch (found) {
            case "hoch", "high" -> HOCH;
            case "niedrig", "low" -> NIEDRIG;
            default -> MITTEL;
        };
    }

    /** The text without any confidence marker, also those inside a line: the clean output of the agent modes. */
    public static String stripAll(String output) {
        return strip(output).replaceAll("(?iu)[*_]*(?:konfidenz|confidence)[*_\\s]*[:=][*_\\s]*(hoch|mittel|niedrig|high|medium|low)\\b[*_]*", "")
                .replaceAll("[ \t]+\n", "\n").strip();
    }

    /** The output without its confidence marker lines, for merging and for the clean output modes. */
    public static String strip(String output) {
        if (output == null) {
            return "";
        }
        return output.lines().filter(line -> !MARKER.matcher(line).lookingAt() || line.length() > 60)
                .reduce((a, b) -> a + "\n" + b).orElse("").strip();
    }
}
