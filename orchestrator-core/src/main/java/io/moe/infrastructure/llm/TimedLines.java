package io.moe.infrastructure.llm;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The lines of a streamed response body, each awaited at most a given time: the body is subscribed to as the HTTP client
 * publishes it ({@code BodyHandlers.ofPublisher()}), one chunk requested at a time, so a server that stops sending is
 * noticed by a timed wait instead of a read that blocks for as long as the connection lives. Lines are split at
 * {@code \n} (never part of a multi-byte UTF-8 character) and decoded whole; a trailing {@code \r} is dropped.
 */
final class TimedLines implements Flow.Subscriber<List<ByteBuffer>> {

    /** The server sent nothing within the wait. */
    static final class Stalled extends IOException {
        Stalled(Duration wait) {
            super("the server sent nothing for " + wait.toSeconds() + " s");
        }
    }

    /** The server sent a line longer than {@link #MAX_LINE_BYTES}: a broken stream, not an answer. */
    static final class LineTooLong extends IOException {
        LineTooLong() {
            super("the server sent a line longer than " + MAX_LINE_BYTES + " bytes");
        }
    }

    /** The reader gave the stream up ({@link #stop}): not the server's doing. */
    static final class Stopped extends IOException {
        Stopped() {
            super("the stream was given up by its reader");
        }
    }

    /**
     * The longest line taken: an event of a model's stream is a few hundred bytes; a whole answer of 32,768 tokens
     * sent as one event is about 150 KB.
     */
    static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

    private static final Object END = new Object();
    private static final Object STOP = new Object();

    private final CompletableFuture<Flow.Subscription> subscription = new CompletableFuture<>();
    private final BlockingQueue<Object> arrived = new LinkedBlockingQueue<>();
    private final Deque<String> lines = new ArrayDeque<>();
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private boolean ended;
    /** One chunk is asked for and has not come yet. */
    private boolean demanded;

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription.complete(s);
    }

    @Override
    public void onNext(List<ByteBuffer> chunk) {
        arrived.add(chunk);
    }

    @Override
    public void onError(Throwable failure) {
        arrived.add(failure);
    }

    @Override
    public void onComplete() {
        arrived.add(END);
    }

    /**
     * The next line, or null at the end of the body; {@link Stalled} when nothing arrived within {@code wait} (the
     * subscription is then cancelled), {@link Stopped} once {@link #stop} was called (a wait in progress ends at once),
     * another {@link IOException} when the connection broke.
     */
    String next(Duration wait) throws IOException {
        return next(wait, wait, () -> { });
    }

    /**
     * The next line as {@link #next(Duration)} gives it, but while nothing arrives {@code whileQuiet} runs after each
     * {@code quiet} period (a stream's reader tells its own client that the answer is still coming); the server is
     * still given up only when nothing arrived within {@code wait}. What {@code whileQuiet} throws ends the wait.
     */
    String next(Duration wait, Duration quiet, Runnable whileQuiet) throws IOException {
        long stallAt = System.nanoTime() + wait.toNanos();
        while (lines.isEmpty()) {
            if (ended) {
                return lastLine();
            }
            Object item = awaitNext(stallAt, quiet, wait);
            if (item == null) {
                whileQuiet.run();
            } else if (item == END) {
                ended = true;
            } else if (item == STOP) {
                ended = true;
                throw new Stopped();
            } else if (item instanceof Throwable failure) {
                ended = true;
                throw failure instanceof IOException io ? io : new IOException(failure);
            } else {
                @SuppressWarnings("unchecked")
                List<ByteBuffer> chunk = (List<ByteBuffer>) item;
                for (ByteBuffer buffer : chunk) {
                    split(buffer);
                }
                stallAt = System.nanoTime() + wait.toNanos();
            }
        }
        return lines.poll();
    }

    /**
     * Ends the reading from any thread: a {@link #next} waiting, or the next one, throws {@link Stopped} (lines already
     * split may still come first). The body itself is given up by {@link #cancel}.
     */
    void stop() {
        arrived.add(STOP);
    }

    /** Stops the body: the connection is given up. */
    void cancel() {
        subscription.thenAccept(Flow.Subscription::cancel);
    }

    /**
     * The next item to arrive before {@code stallAt}, asking the server for one when none is asked for yet; null when
     * the {@code quiet} period passed first; {@link Stalled} (and the body given up) when {@code stallAt} passed.
     */
    private Object awaitNext(long stallAt, Duration quiet, Duration wait) throws IOException {
        long until = Math.min(stallAt, System.nanoTime() + quiet.toNanos());
        try {
            if (!demanded) {
                subscription.get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS).request(1);
                demanded = true;
            }
            Object item = arrived.poll(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (item == null) {
                return quietOrStalled(until == stallAt, wait);
            }
            if (item instanceof List) {
                demanded = false;
            }
            return item;
        } catch (TimeoutException e) {
            return quietOrStalled(until == stallAt, wait);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the stream", e);
        }
    }

    private Object quietOrStalled(boolean stalled, Duration wait) throws Stalled {
        if (!stalled) {
            return null;
        }
        cancel();
        ended = true;
        throw new Stalled(wait);
    }

    private void split(ByteBuffer buffer) throws LineTooLong {
        while (buffer.hasRemaining()) {
            byte b = buffer.get();
            if (b == '\n') {
                lines.add(decode(partial.toByteArray()));
                partial.reset();
            } else if (partial.size() < MAX_LINE_BYTES) {
                partial.write(b);
            } else {
                cancel();
                ended = true;
                partial.reset();
                throw new LineTooLong();
            }
        }
    }

    private String lastLine() {
        if (partial.size() == 0) {
            return null;
        }
        String last = decode(partial.toByteArray());
        partial.reset();
        return last;
    }

    private static String decode(byte[] bytes) {
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
