package io.moe.infrastructure.files;

import io.moe.application.overview.ServerLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's log as Open Liberty writes it ({@code messages.log}, the "simple" format:
 * {@code [time] thread logger L message}), at {@code moe.monitoring.log-file} (server.xml points it at the
 * server's own {@code logs/messages.log}). Reads at most {@link #MAX_BYTES} at a time, whole lines only; a
 * position beyond the end means the file was rotated, and reading starts again at its beginning. A missing
 * file reads as empty.
 */
@ApplicationScoped
public class LibertyMessagesLog implements ServerLog {

    static final int MAX_BYTES = 256 * 1024;
    static final int MAX_LINE_CHARS = 4000;
    private static final Pattern ENTRY = Pattern.compile("^\\[([^\\]]+)\\] \\S+ \\S+\\s+([A-Z0-9]) (.*)$");
    /** The time as server.xml has Liberty write it ({@code isoDateFormat}): {@code 2026-11-28T20:03:11.412+0000}. */
    private static final Pattern ISO_TIME = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})T(\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?)([+-]\\d{4}|Z)");

    @Inject
    @ConfigProperty(name = "moe.monitoring.log-file")
    Optional<String> configured;

    private Path file;

    public LibertyMessagesLog() {
    }

    LibertyMessagesLog(Path file) {
        this.file = file;
    }

    private Path file() {
        if (file == null) {
            file = Path.of(configured.filter(s -> !s.isBlank()).orElse("logs/messages.log"));
        }
        return file;
    }

    @Override
    public Chunk tail(int maxLines) {
        long size = size();
        long from = Math.max(0, size - MAX_BYTES);
        Chunk chunk = read(from, size, Integer.MAX_VALUE, from > 0);
        List<Line> lines = chunk.lines();
        int keep = Math.min(Math.min(maxLines, MAX_LINES), lines.size());
        return new Chunk(List.copyOf(lines.subList(lines.size() - keep, lines.size())), chunk.next());
    }

    @Override
    public Chunk after(long position, int maxLines) {
        long size = size();
        long from = position < 0 || position > size ? 0 : position;
        return read(from, size, Math.min(maxLines, MAX_LINES), false);
    }

    private long size() {
        try {
            return Files.size(file());
        } catch (IOException e) {
            return 0;
        }
    }

    private Chunk read(long from, long size, int maxLines, boolean skipPartialFirst) {
        int length = (int) Math.min(MAX_BYTES, size - from);
        if (length <= 0) {
            return new Chunk(List.of(), from);
        }
        byte[] bytes = new byte[length];
        try (RandomAccessFile in = new RandomAccessFile(file().toFile(), "r")) {
            in.seek(from);
            in.readFully(bytes);
        } catch (IOException e) {
            return new Chunk(List.of(), from);
        }
        List<Line> lines = new ArrayList<>();
        int start = 0;
        if (skipPartialFirst) {
            while (start < length && bytes[start] != '\n') {
                start++;
            }
            start++;
        }
        int end = start;
        for (int i = start; i < length && lines.size() < maxLines; i++) {
            if (bytes[i] == '\n') {
                String text = new String(bytes, start, i - start, StandardCharsets.UTF_8).stripTrailing();
                if (!text.isEmpty()) {
                    lines.add(parse(text));
                }
                start = i + 1;
                end = start;
            }
        }
        return new Chunk(lines, from + end);
    }

    /** One line of the log: an entry with its time and level, or a continuation of the entry above. */
    static Line parse(String raw) {
        String text = raw.length() > MAX_LINE_CHARS ? raw.substring(0, MAX_LINE_CHARS) + " …" : raw;
        Matcher m = ENTRY.matcher(text);
        if (!m.matches()) {
            return new Line("", Level.CONTINUED, text);
        }
        return new Line(readable(m.group(1)), level(m.group(2).charAt(0)), m.group(3));
    }

    /** An ISO time as a person reads it ({@code 2026-11-28 20:03:11.412 UTC}); any other format as written. */
    static String readable(String time) {
        Matcher m = ISO_TIME.matcher(time);
        if (!m.matches()) {
            return time;
        }
        String zone = m.group(3).equals("Z") || m.group(3).equals("+0000") ? "UTC" : m.group(3);
        return m.group(1) + " " + m.group(2) + " " + zone;
    }

    private static Level level(char code) {
        return switch (code) {
            case 'F', 'E' -> Level.ERROR;
            case 'W', 'R' -> Level.WARNING;
            case 'A', 'I', 'O', 'C' -> Level.INFO;
            default -> Level.DETAIL;
        };
    }
}
