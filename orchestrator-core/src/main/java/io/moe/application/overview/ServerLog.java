package io.moe.application.overview;

import java.util.List;
import java.util.Locale;

/**
 * Port: the server's own log, read as it grows (the monitoring page's live stream). Positions are byte
 * offsets into the current log file; when the file is rotated, reading starts again at its beginning.
 */
public interface ServerLog {

    /** At most this many lines are returned by one read. */
    int MAX_LINES = 500;

    /** The last {@code maxLines} whole lines and the position after them. */
    Chunk tail(int maxLines);

    /** The whole lines from {@code position} on (at most {@code maxLines}) and the position after them. */
    Chunk after(long position, int maxLines);

    /** Lines read and the position to read on from. */
    record Chunk(List<Line> lines, long next) {
    }

    /**
     * One line: its time as the log writes it, its level, and its text. A line that continues the entry above
     * it (a stack trace) has the level {@link Level#CONTINUED}.
     */
    record Line(String time, Level level, String text) {
    }

    /** The log's levels, most severe first; a filter at one level shows it and every level above. */
    enum Level {
        ERROR, WARNING, INFO, DETAIL, CONTINUED;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The filter named {@code name} ({@code error}, {@code warning}, {@code info}, {@code all}); null when unknown. */
        public static Level filter(String name) {
            return switch (name == null ? "info" : name.toLowerCase(Locale.ROOT)) {
                case "error" -> ERROR;
                case "warning" -> WARNING;
                case "info" -> INFO;
                case "all", "detail" -> DETAIL;
                default -> null;
            };
        }

        /** Whether a line of this level passes {@code filter}. */
        public boolean passes(Level filter) {
            return ordinal() <= filter.ordinal();
        }
    }
}
