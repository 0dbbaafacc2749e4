package io.moe.interfaces.openai;

import io.moe.application.pipeline.run.Progress;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Progress lines and pieces of the answer of one streamed request, handed from the pipeline's threads to the stream
 * writer, which waits for the next item or the answer, whichever comes first: the answer's completion wakes a waiting
 * writer at once. Pieces of the answer are never dropped; progress lines beyond {@link #MAX_LINES} are.
 */
public final class ProgressQueue implements Progress {

    /** More lines than this are dropped: the think panel is a summary, not a log. */
    static final int MAX_LINES = 200;

    /** A progress line or a piece of the answer. */
    public record Item(String text, boolean answer) {
    }

    /** Put in the queue when the answer is complete; compared by identity, never handed out. */
    private static final Item WAKE = new Item("answer complete", false);

    private final LinkedBlockingQueue<Item> items = new LinkedBlockingQueue<>();
    private final AtomicInteger lines = new AtomicInteger();
    private final boolean takesAnswerText;

    /** A queue that takes progress lines only; the answer comes whole. */
    public ProgressQueue() {
        this(false);
    }

    /** A queue that also takes the answer's text as it is written when {@code takesAnswerText}. */
    public ProgressQueue(boolean takesAnswerText) {
        this.takesAnswerText = takesAnswerText;
    }

    @Override
    public void status(String line) {
        if (lines.incrementAndGet() <= MAX_LINES) {
            items.add(new Item(line, false));
        }
    }

    @Override
    public boolean takesAnswerText() {
        return takesAnswerText;
    }

    @Override
    public void answerText(String piece) {
        items.add(new Item(piece, true));
    }

    /** Wakes {@link #next} as soon as {@code answer} completes, however it completes. */
    public void wakeWhenDone(CompletableFuture<?> answer) {
        answer.whenComplete((done, failure) -> items.add(WAKE));
    }

    /** The next item, waiting at most {@code millis}; null when none came or the answer completed meanwhile. */
    public Item next(long millis) throws InterruptedException {
        Item item = items.poll(millis, TimeUnit.MILLISECONDS);
        return item == WAKE ? null : item;
    }

    /** An item already queued, else null. */
    public Item nextNow() {
        for (Item item = items.poll(); item != null; item = items.poll()) {
            if (item != WAKE) {
                return item;
            }
        }
        return null;
    }
}
