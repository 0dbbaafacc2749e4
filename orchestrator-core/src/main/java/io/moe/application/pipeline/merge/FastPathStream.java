package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.shared.PlainText;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Rule 7's fast path, streamed: the one expert that can answer a streamed request ({@link Merger#streamsFastPath}) is
 * asked to name its confidence on its first line ({@link #INSTRUCTION}). When that line says hoch and the graph added
 * no facts, the expert's answer is the final answer: everything after the line goes to the client in the mode's form
 * as it is written, cut where an expert's output is cut ({@link ExpertResult#MAX_CHARS}). Any other first line, a
 * model that names its confidence last, or graph facts keep the answer back for the merger, as without streaming.
 * One per run, fed by the thread of the expert's call.
 */
public final class FastPathStream {

    /** The confidence protocol of the streamed expert: its level first, so the fast path is known before the text. */
    public static final String INSTRUCTION = "Begin your answer with exactly one line 'KONFIDENZ: hoch', 'KONFIDENZ: mittel' or "
            + "'KONFIDENZ: niedrig' (hoch = well-established, mittel = nuances possible, niedrig = data gaps or uncertainty), "
            + "then give the answer.";
    /** A first line longer than this is text, not a confidence line. */
    private static final int FIRST_LINE_MAX = 200;

    private enum State { UNDECIDED, OPEN, HELD }

    private final PipelineRun run;
    private final CompletableFuture<List<GraphFact>> graph;
    private final StringBuilder head = new StringBuilder();
    private State state = State.UNDECIDED;
    private int seen;
    private AnswerForm form;

    FastPathStream(PipelineRun run, CompletableFuture<List<GraphFact>> graph) {
        this.run = run;
        this.graph = graph;
    }

    /** The next piece of the expert's answer. */
    public void accept(String piece) {
        int room = ExpertResult.MAX_CHARS - seen;
        if (state == State.HELD || room <= 0) {
            return;
        }
        String part = piece.length() > room ? PlainText.prefix(piece, room) : piece;
        seen += part.length();
        if (state == State.OPEN) {
            form.accept(part);
            return;
        }
        head.append(part);
        String pending = head.toString().stripLeading();
        int end = lineEnd(pending);
        if (end < 0) {
            if (pending.length() > FIRST_LINE_MAX) {
                state = State.HELD;
            }
            return;
        }
        boolean sure = Confidence.markerLine(pending.substring(0, end).strip()).orElse(null) == Confidence.HOCH;
        if (!sure || !graphAddsNothing()) {
            state = State.HELD;
            return;
        }
        state = State.OPEN;
        form = new AnswerForm(run.mode(), "", Confidence.HOCH, true, run::answerText);
        form.accept(pending.substring(end));
    }

    /** The expert's call ended: the answer in the mode's form as the client got it, when it went out. */
    public Optional<String> finish() {
        if (state != State.OPEN) {
            return Optional.empty();
        }
        form.finish();
        return Optional.of(form.text());
    }

    /** Whether part of the answer reached the client: a failure then fails the request. */
    public boolean givenAny() {
        return form != null && form.givenAny();
    }

    private boolean graphAddsNothing() {
        try {
            return graph.join().isEmpty();
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            return false; // the parallel stage reports the failure
        }
    }

    private static int lineEnd(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n' || text.charAt(i) == '\r') {
                return i;
            }
        }
        return -1;
    }
}
