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
    NIEDRIG("niedrig", "low"), MITTEL("mittel", "medium"), HOCH("hoch", "high");

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
    private final String words;

    Confidence(String label, String words) {
        this.label = label;
        this.words = words;
    }

    /**
     * A level as the pages say it to a reader (high, medium, low) for the spec's label the trace, the API and
     * the metrics keep; any other text as it is.
     */
    public static String inWords(String label) {
        for (Confidence c : values()) {
            if (c.label.equals(label)) {
                return c.words;
            }
        }
        return label;
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

    /** The longest marker line {@link #strip} drops; a longer line is text that mentions a confidence. */
    static final int MARKER_LINE_MAX = 60;

    /** The level a whole line names when it is a marker line {@link #strip} drops; empty for any other line. */
    public static java.util.Optional<Confidence> markerLine(String line) {
        Matcher m = MARKER.matcher(line);
        if (line.length() > MARKER_LINE_MAX || !m.lookingAt()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(switch (m.group(1).toLowerCase(Locale.ROOT)) {
            case "hoch", "high" -> HOCH;
            case "niedrig", "low" -> NIEDRIG;
            default -> MITTEL;
        });
    }

    /** Whether the beginning of a line may still turn out to be a marker line once the rest of the line is there. */
    public static boolean mayBeMarkerLine(String beginning) {
        if (beginning.length() > MARKER_LINE_MAX) {
            return false;
        }
        Matcher m = MARKER.matcher(beginning);
        return m.lookingAt() || m.hitEnd();
    }

    /** The output without its confidence marker lines, for merging and for the clean output modes. */
    public static String strip(String output) {
        if (output == null) {
            return "";
        }
        return output.lines().filter(line -> markerLine(line).isEmpty())
                .reduce((a, b) -> a + "\n" + b).orElse("").strip();
    }
}
