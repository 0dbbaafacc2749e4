package io.moe.infrastructure.llm;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lines of a streamed body, each awaited at most a given time, whatever the chunks' boundaries. */
class TimedLinesTest {

    private static final Duration WAIT = Duration.ofMillis(200);

    /** A publisher that hands over its scripted chunks one per request, then completes, fails or falls silent. */
    private static final class Script implements Flow.Subscription {
        final Deque<byte[]> chunks = new ArrayDeque<>();
        final TimedLines lines = new TimedLines();
        String end = "complete";
        boolean cancelled;
        int requested;

        Script(String... parts) {
            Arrays.stream(parts).map(p -> p.getBytes(StandardCharsets.UTF_8)).forEach(chunks::add);
            lines.onSubscribe(this);
        }

        @Override
        public void request(long n) {
            requested++;
            if (!chunks.isEmpty()) {
                lines.onNext(List.of(ByteBuffer.wrap(chunks.poll())));
            } else if (end.equals("complete")) {
                lines.onComplete();
            } else if (end.equals("fail")) {
                lines.onError(new IOException("connection reset"));
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    @Test
    void linesAreWholeWhateverTheChunksAndTheLastOneNeedsNoNewline() throws IOException {
        byte[] umlaut = "ü".getBytes(StandardCharsets.UTF_8);
        Script s = new Script();
        s.chunks.add("data: {\"a\":1}\r\n\nda".getBytes(StandardCharsets.UTF_8));
        s.chunks.add(concat("ta: Gr".getBytes(StandardCharsets.UTF_8), new byte[] {umlaut[0]}));
        s.chunks.add(concat(new byte[] {umlaut[1]}, "n\ndata: [DONE]".getBytes(StandardCharsets.UTF_8)));
        assertEquals("data: {\"a\":1}", s.lines.next(WAIT));
        assertEquals("", s.lines.next(WAIT));
        assertEquals("data: Grün", s.lines.next(WAIT), "a character split over two chunks");
        assertEquals("data: [DONE]", s.lines.next(WAIT));
        assertNull(s.lines.next(WAIT));
    }

    @Test
    void aLineLongerThanTheBoundIsABrokenStreamAndTheConnectionIsGivenUp() throws IOException {
        byte[] half = new byte[TimedLines.MAX_LINE_BYTES / 2];
        Arrays.fill(half, (byte) 'x');
        Script s = new Script("data: fine\n");
        s.chunks.add(half);
        s.chunks.add(half);
        s.chunks.add("x\n".getBytes(StandardCharsets.UTF_8));
        s.end = "silent";
        assertEquals("data: fine", s.lines.next(WAIT));
        IOException e = assertThrows(TimedLines.LineTooLong.class, () -> s.lines.next(WAIT));
        assertTrue(e.getMessage().contains("longer than " + TimedLines.MAX_LINE_BYTES + " bytes"), e.getMessage());
        assertTrue(s.cancelled, "the connection is given up");
        assertNull(s.lines.next(WAIT), "and the stream ends");
    }

    @Test
    void aServerThatFallsSilentIsNoticedWithinTheWaitAndGivenUp() {
        Script s = new Script("data: first\n");
        s.end = "silent";
        assertThrows(IOException.class, () -> {
            assertEquals("data: first", s.lines.next(WAIT));
            s.lines.next(WAIT);
        });
        assertTrue(s.cancelled, "the connection of a stalled stream is given up");
    }

    @Test
    void whileTheServerIsQuietTheReaderIsToldEachQuietPeriodUntilTheLineComes() throws IOException {
        Script s = new Script();
        s.end = "silent";
        AtomicInteger told = new AtomicInteger();
        String line = s.lines.next(Duration.ofMinutes(5), Duration.ofMillis(20), () -> {
            if (told.incrementAndGet() == 3) {
                s.lines.onNext(List.of(ByteBuffer.wrap("data: at last\n".getBytes(StandardCharsets.UTF_8))));
            }
        });
        assertEquals("data: at last", line);
        assertEquals(3, told.get(), "told after each quiet period, not once more");
        assertEquals(1, s.requested, "one chunk asked for, however often the reader was told");
    }

    @Test
    void aServerQuietForLongerThanItsWaitIsGivenUpThoughTheReaderWasTold() {
        Script s = new Script();
        s.end = "silent";
        AtomicInteger told = new AtomicInteger();
        assertThrows(TimedLines.Stalled.class, () -> s.lines.next(WAIT, Duration.ofMillis(20), told::incrementAndGet));
        assertTrue(told.get() >= 1, "told while waiting");
        assertTrue(s.cancelled, "the connection of a stalled stream is given up");
    }

    @Test
    void whatTheReaderThrowsWhileQuietEndsTheWait() {
        Script s = new Script();
        s.end = "silent";
        IllegalStateException gone = new IllegalStateException("the client went away");
        assertEquals(gone, assertThrows(IllegalStateException.class, () -> s.lines.next(Duration.ofMinutes(5), Duration.ofMillis(20), () -> {
            throw gone;
        })));
    }

    @Test
    void aBrokenConnectionIsAnIoFailure() throws IOException {
        Script s = new Script("data: first\n");
        s.end = "fail";
        assertEquals("data: first", s.lines.next(WAIT));
        IOException broken = assertThrows(IOException.class, () -> s.lines.next(WAIT));
        assertEquals("connection reset", broken.getMessage());
    }

    @Test
    void aStopFromAnotherThreadEndsAWaitInProgress() throws Exception {
        Script s = new Script("data: first\n");
        s.end = "silent";
        assertEquals("data: first", s.lines.next(WAIT));
        CompletableFuture<Throwable> waiting = CompletableFuture.supplyAsync(() -> assertThrows(IOException.class,
                () -> s.lines.next(Duration.ofHours(1))));
        s.lines.stop();
        Throwable ended = waiting.get(30, TimeUnit.SECONDS); // not the hour the server would be given
        assertInstanceOf(TimedLines.Stopped.class, ended);
        assertNull(s.lines.next(WAIT), "a stopped stream has no more lines");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
