package io.moe.application.pipeline.run;

import io.moe.application.pipeline.trace.PipelineTrace;
import io.moe.application.tracing.Spans;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.mode.Mode;
import io.moe.domain.template.ExpertTemplate;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One request on its way through the pipeline. Its state is in four parts, each with one job:
 * <ul>
 *   <li>{@link Question}: what is answered (the conversation, as a skill may have rewritten it);</li>
 *   <li>{@link Findings}: what the stages found for the merger;</li>
 *   <li>{@link Verdict}: the answer, its confidence, a cache hit, the first failure;</li>
 *   <li>the accounting: the {@link PipelineTrace}, the model-call {@link CallLedger} and the {@link Cancellation}.</li>
 * </ul>
 * The caller, the request and the template it runs with do not change.
 *
 * <p><b>Threading rule.</b> A run is driven by one pipeline thread (the task {@code ChatService} starts on
 * the bounded pipeline executor). Only that thread writes the question, the findings and the answer. The
 * branches of the parallel stage and of the expert tiers run on other threads and <em>return</em> their
 * results; the pipeline thread stores them after joining the branches, and the join is what makes them
 * visible. What branches write directly is thread-safe on its own: the trace (synchronized), the ledger,
 * the web sources ({@link Findings#addWeb}), the first failure ({@link Verdict#recordFailure}) and the
 * cancellation. Three executors take part: the pipeline executor (one task per request, bounded, 503 when
 * full), the default managed executor for branches (a full pipeline pool can never leave a request waiting
 * for a branch), and the fault-tolerance executor of the model calls (bounded by the per-server slots).
 */
public final class PipelineRun {

    private final String id;
    private final Caller caller;
    private final ChatRequest request;
    private final ExpertTemplate template;
    private final Progress progress;
    private final Question question;
    private final Findings findings = new Findings();
    private final Verdict verdict = new Verdict();
    private final PipelineTrace trace = new PipelineTrace();
    private final CallLedger ledger;
    private final Cancellation cancellation;
    private volatile String templateOwner;
    private volatile Spans spans = Spans.NONE;
    private volatile Spans.Span span = Spans.Span.NONE;
    /** The stage each thread of this run is in ({@link #timed}): the parent of the calls made there. */
    private final ThreadLocal<Spans.Span> stage = new ThreadLocal<>();

    public PipelineRun(String id, Caller caller, ChatRequest request, ExpertTemplate template, Progress progress) {
        this(id, caller, request, template, progress, new CallLedger(), Cancellation.none());
    }

    /** A run whose model calls go to {@code ledger} and that stops when {@code cancellation} is triggered. */
    public PipelineRun(String id, Caller caller, ChatRequest request, ExpertTemplate template, Progress progress,
                       CallLedger ledger, Cancellation cancellation) {
        this.id = id;
        this.caller = caller;
        this.request = request;
        this.template = template;
        this.progress = progress == null ? Progress.NONE : progress;
        this.question = new Question(request.messages(), request.lastUserText());
        this.ledger = ledger;
        this.cancellation = cancellation;
    }

    public String id() {
        return id;
    }

    public Caller caller() {
        return caller;
    }

    public ChatRequest request() {
        return request;
    }

    public Mode mode() {
        return request.mode();
    }

    public ExpertTemplate template() {
        return template;
    }

    /** The template is {@code userId}'s own: what this run learns (cache, plans, graph facts, patterns) stays theirs. */
    public void templateOwnedBy(String userId) {
        templateOwner = userId;
    }

    /** The user whose own template this run runs with; null for an admin template. */
    public String templateOwner() {
        return templateOwner;
    }

    /**
     * The template as the caches know it: its name, and for an own template its owner too (two users' own templates of
     * the same name are two templates; an admin template of that name a third).
     */
    public String templateKey() {
        return templateOwner == null ? template.name() : "user:" + templateOwner + "/" + template.name();
    }

    public Question question() {
        return question;
    }

    public Findings findings() {
        return findings;
    }

    public Verdict verdict() {
        return verdict;
    }

    public PipelineTrace trace() {
        return trace;
    }

    /** Sends a progress line to the client (streamed requests show it). */
    public void status(String line) {
        progress.status(line);
    }

    /** Whether the client takes the final answer's text as it is written (a streamed response). */
    public boolean takesAnswerText() {
        return progress.takesAnswerText();
    }

    /** Sends the next piece of the final answer, in the mode's form, to the client. */
    public void answerText(String piece) {
        progress.answerText(piece);
    }

    /** Records this run's stages and calls as spans under {@code runSpan}, whose trace id goes into the trace. */
    public void traced(Spans spans, Spans.Span runSpan) {
        this.spans = spans;
        this.span = runSpan;
        trace.traceId(runSpan.traceId());
    }

    /** The span the work of the current thread belongs to: its stage's, else the run's own. */
    public Spans.Span currentSpan() {
        Spans.Span current = stage.get();
        return current != null ? current : span;
    }

    /**
     * {@code work}, to be run on another thread, inside the stage the current thread is in: the calls it makes become
     * spans under that stage, as if it ran here.
     */
    public <T> Supplier<T> inCurrentStage(Supplier<T> work) {
        Spans.Span here = currentSpan();
        return () -> {
            Spans.Span outer = stage.get();
            stage.set(here);
            try (Spans.Scope entered = here.enter()) {
                return work.get();
            } finally {
                if (outer == null) {
                    stage.remove();
                } else {
                    stage.set(outer);
                }
            }
        };
    }

    /** Starts the span of one call (model, tool, search) of this run under {@code parent}. */
    public Spans.Span startSpan(String name, Spans.Span parent, Map<String, String> attributes) {
        return spans.start(name, parent, attributes);
    }

    /** Runs {@code work}, one call of the current stage to a store or an in-process model, as the span {@code name}. */
    public <T> T call(String name, Supplier<T> work) {
        Spans.Span callSpan = spans.start(name, currentSpan(), Map.of("moe.response_id", id));
        try {
            return work.get();
        } catch (RuntimeException | Error e) {
            callSpan.failed(e);
            throw e;
        } finally {
            callSpan.end();
        }
    }

    public void call(String name, Runnable work) {
        call(name, () -> {
            work.run();
            return null;
        });
    }

    /** Runs {@code work} as the stage {@code name}, adding its wall time to the trace and recording it as a span. */
    public <T> T timed(String name, Supplier<T> work) {
        long start = System.nanoTime();
        Spans.Span outer = stage.get();
        Spans.Span stageSpan = spans.start("stage " + name, outer != null ? outer : span, Map.of("moe.stage", name));
        stage.set(stageSpan);
        try (Spans.Scope entered = stageSpan.enter()) {
            return work.get();
        } catch (RuntimeException | Error e) {
            stageSpan.failed(e);
            throw e;
        } finally {
            if (outer == null) {
                stage.remove();
            } else {
                stage.set(outer);
            }
            stageSpan.end();
            trace.stage(name, (System.nanoTime() - start) / 1_000_000);
        }
    }

    public void timed(String name, Runnable work) {
        timed(name, () -> {
            work.run();
            return null;
        });
    }

    public void recordCall(StageCall call) {
        ledger.record(call);
    }

    public List<StageCall> calls() {
        return ledger.calls();
    }

    public List<Completion> completions() {
        return ledger.completions();
    }

    public TokenUsage usage() {
        return ledger.usage();
    }

    /** Stops the run when its client went away; stages check it before each model call. */
    public Cancellation cancellation() {
        return cancellation;
    }
}
