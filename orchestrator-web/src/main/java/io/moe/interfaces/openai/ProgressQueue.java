package io.moe.interfaces.openai;

import io.moe.application.pipeline.run.Progress;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Progress lines of one streamed request, handed from the pipeline's threads to the stream writer, which waits for the
 * next line or the answer, whichever comes first: the answer's completion wakes a waiting writer at once.
 */
public final class ProgressQueue implements Progress {

    /** More lines than this are dropped: the think panel is a summary, not a log. */
    static final int MAX_LINES = 200;
    /** Put in the queue when the answer is complete; compared by identity, never handed out. */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String WAKE = new String("answer complete");

    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>(MAX_LINES);

    @Override
    public void status(String line) {
        lines.offer(line);
    }

    /** Wakes {@link #next} as soon as {@code answer} completes, however it completes. */
    public void wakeWhenDone(CompletableFuture<?> answer) {
        answer.whenComplete((done, failure) -> lines.offer(WAKE));
    }

    /** The next line, waiting at most {@code millis}; null when none came or the answer completed meanwhile. */
    public String next(long millis) throws InterruptedException {
        String line = lines.poll(millis, TimeUnit.MILLISECONDS);
        return line == WAKE ? null : line;
    }

    /** A line already queued, else null. */
    public String nextNow() {
        for (String line = lines.poll(); line != null; line = lines.poll()) {
            if (line != WAKE) {
                return line;
            }
        }
        return null;
    }
}
