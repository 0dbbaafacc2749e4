package io.moe.interfaces.openai;

import io.moe.application.pipeline.run.Progress;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Progress lines of one streamed request, handed from the pipeline's threads to the stream writer. */
final class ProgressQueue implements Progress {

    /** More lines than this are dropped: the think panel is a summary, not a log. */
    static final int MAX_LINES = 200;

    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>(MAX_LINES);

    @Override
    public void status(String line) {
        lines.offer(line);
    }

    /** The next line, waiting at most {@code millis}; null when none came. */
    String next(long millis) throws InterruptedException {
        return lines.poll(millis, TimeUnit.MILLISECONDS);
    }

    String nextNow() {
        return lines.poll();
    }
}
