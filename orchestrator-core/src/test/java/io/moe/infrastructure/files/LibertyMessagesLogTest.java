package io.moe.infrastructure.files;

import io.moe.application.overview.ServerLog.Chunk;
import io.moe.application.overview.ServerLog.Level;
import io.moe.application.overview.ServerLog.Line;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LibertyMessagesLogTest {

    private static final String INFO = "[11/26/26, 5:10:01:123 UTC] 0000002a com.ibm.ws.kernel.feature.internal.FeatureManager   A CWWKF0011I: The server is ready.\n";
    private static final String WARN = "[11/26/26, 5:10:02:001 UTC] 00000031 io.moe.application.spend.UsageRecorder   W Usage row not written\n";
    private static final String ERROR = "[11/26/26, 5:10:03:500 UTC] 00000031 io.moe.Foo   E Boom\n";
    private static final String TRACE = "\tat io.moe.Foo.bar(Foo.java:12)\n";

    @TempDir
    Path dir;

    @Test
    void parsesTheTimeLevelAndTextOfLibertysSimpleFormat() {
        Line line = LibertyMessagesLog.parse(WARN.strip());
        assertEquals("11/26/26, 5:10:02:001 UTC", line.time());
        assertEquals(Level.WARNING, line.level());
        assertEquals("Usage row not written", line.text());
        assertEquals(Level.CONTINUED, LibertyMessagesLog.parse(TRACE.stripTrailing()).level());
        assertEquals(Level.INFO, LibertyMessagesLog.parse(INFO.strip()).level());
    }

    @Test
    void anIsoTimeIsShownAsAPersonReadsItWithItsZone() {
        Line line = LibertyMessagesLog.parse("[2026-11-28T20:03:11.412+0000] 0000002a com.ibm.ws.Foo   I Ready");
        assertEquals("2026-11-28 20:03:11.412 UTC", line.time());
        assertEquals("Ready", line.text());
        assertEquals("2026-11-28 21:03:11.412 +0100", LibertyMessagesLog.readable("2026-11-28T21:03:11.412+0100"));
    }

    @Test
    void readsOnFromWhereItStoppedAndOnlyWholeLines() throws IOException {
        Path file = dir.resolve("messages.log");
        Files.writeString(file, INFO + WARN);
        LibertyMessagesLog log = new LibertyMessagesLog(file);
        Chunk first = log.tail(100);
        assertEquals(2, first.lines().size());
        assertEquals(Files.size(file), first.next());

        Files.writeString(file, ERROR + TRACE + "[11/26/26, 5:10:04", StandardOpenOption.APPEND);
        Chunk next = log.after(first.next(), 100);
        assertEquals(List.of(Level.ERROR, Level.CONTINUED), next.lines().stream().map(Line::level).toList());
        assertTrue(next.next() < Files.size(file), "the unfinished last line waits for its end");
        assertEquals(List.of(), log.after(next.next(), 100).lines());
    }

    @Test
    void aRotatedFileIsReadFromItsBeginning() throws IOException {
        Path file = dir.resolve("messages.log");
        Files.writeString(file, INFO + WARN + ERROR);
        LibertyMessagesLog log = new LibertyMessagesLog(file);
        long end = log.tail(10).next();
        Files.writeString(file, WARN, StandardCharsets.UTF_8);
        Chunk after = log.after(end, 100);
        assertEquals(1, after.lines().size());
        assertEquals(Level.WARNING, after.lines().get(0).level());
    }

    @Test
    void tailKeepsTheLastLinesAndAMissingFileReadsAsEmpty() throws IOException {
        Path file = dir.resolve("messages.log");
        Files.writeString(file, INFO + WARN + ERROR);
        assertEquals(List.of("Boom"), new LibertyMessagesLog(file).tail(1).lines().stream().map(Line::text).toList());
        Chunk none = new LibertyMessagesLog(dir.resolve("absent.log")).tail(10);
        assertEquals(0, none.next());
        assertEquals(List.of(), none.lines());
    }

    @Test
    void levelFiltersShowTheirLevelAndEveryMoreSevereOne() {
        assertTrue(Level.ERROR.passes(Level.filter("warning")));
        assertTrue(!Level.INFO.passes(Level.filter("warning")));
        assertTrue(Level.DETAIL.passes(Level.filter("all")));
        assertEquals(null, Level.filter("verbose"));
    }
}
