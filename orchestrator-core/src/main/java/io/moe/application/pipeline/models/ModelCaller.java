package io.moe.application.pipeline.models;

import io.moe.application.limits.ModelCallShare;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.run.RequestCancelledException;
import io.moe.application.pipeline.run.StageCall;
import io.moe.application.pipeline.trace.AttemptEntry;
import io.moe.application.servers.CallRetries;
import io.moe.application.tracing.Spans;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Failures;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceClient;
import io.moe.infrastructure.llm.InferenceException;
import io.moe.infrastructure.llm.ServerSlots;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Makes one model call for a stage of a run and waits for it, within the caller's share of the model
 * server's slots and with the stage's {@code max_tokens}. Every call is recorded on the run's ledger, so usage and
 * the trace count all of them, and the budget is billed for:
 * <ul>
 *   <li>an answered call: the tokens the server reported (estimated from characters when it reported none);</li>
 *   <li>a call cut off by a timeout or by the client going away: its reservation, that is the prompt
 *       estimate plus its {@code max_tokens}, since the server may have worked on it all that time;</li>
 *   <li>a call the server refused or never received: nothing.</li>
 * </ul>
 * Failures come back as {@link InferenceException} (fault-tolerance timeouts and a full bulkhead included,
 * so every stage's fallback applies to them), or as {@link RequestCancelledException}.
 */
@ApplicationScoped
public class ModelCaller {

    /** About four characters per token, for prompts and answers the server did not count. */
    public static final int CHARS_PER_TOKEN = 4;

    private InferenceClient inference;
    private ModelCallShare share;
    private TokenCaps caps;

    /** For the container's client proxy. */
    protected ModelCaller() {
    }

    @Inject
    public ModelCaller(InferenceClient inference, ModelCallShare share, TokenCaps caps) {
        this.inference = inference;
        this.share = share;
        this.caps = caps;
    }

    /**
     * Calls {@code model} with a system prompt and the given turns. A failure is retried on the same server or
     * failed over to another server of the template that serves the same model where {@link CallRetries} says
     * so; each failed attempt is in the trace ({@code attempts}).
     */
    public Completion call(PipelineRun run, String stage, ModelRef model, String system, List<ChatMessage> turns) {
        return call(run, stage, model, system, turns, c -> send(run, stage, c), null);
    }

    /**
     * Calls {@code model} streamed: each piece of its answer's text goes to {@code pieces} as the server writes it.
     * Retried and failed over like {@link #call} as long as no piece went out; a failure after that is final. The
     * template's timeout for the stage's role bounds the whole call, the server's timeout each wait for the next piece;
     * the call is given up at once when that template timeout runs out or the client goes away, even while the server
     * sends nothing.
     */
    public Completion stream(PipelineRun run, String stage, ModelRef model, String system, String user, Consumer<String> pieces) {
        return stream(run, stage, model, system, List.of(ChatMessage.user(user)), pieces);
    }

    /** Like {@link #stream(PipelineRun, String, ModelRef, String, String, Consumer)}, with the given turns. */
    public Completion stream(PipelineRun run, String stage, ModelRef model, String system, List<ChatMessage> turns, Consumer<String> pieces) {
        StringBuilder written = new StringBuilder();
        Consumer<String> counted = piece -> {
            written.append(piece);
            pieces.accept(piece);
        };
        return call(run, stage, model, system, turns, c -> sendStreamed(run, stage, c, counted, written), written);
    }

    /** One call to a server: whole, or streamed. */
    private interface Sender {
        Completion send(ModelCall call);
    }

    private Completion call(PipelineRun run, String stage, ModelRef model, String system, List<ChatMessage> turns, Sender sender,
                            CharSequence written) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.system(system));
        messages.addAll(turns);
        List<ModelRef> targets = new ArrayList<>();
        targets.add(model);
        targets.addAll(sameModelElsewhere(run, model));
        RuntimeException failure = null;
        for (int t = 0; t < targets.size(); t++) {
            ModelRef target = targets.get(t);
            ModelCall call = new ModelCall(target, messages, caps.forStage(stage, run.request().maxTokens(), run.template()));
            for (int attempt = 1; ; attempt++) {
                try {
                    return attempt(run, stage, call, sender);
                } catch (RequestCancelledException e) {
                    throw e;
                } catch (RuntimeException e) {
                    failure = e;
                }
                boolean piecesWentOut = written != null && written.length() > 0;
                CallRetries.Step step = piecesWentOut ? CallRetries.Step.GIVE_UP : CallRetries.after(failure, attempt);
                if (step == CallRetries.Step.FAIL_OVER && t + 1 >= targets.size()) {
                    step = CallRetries.Step.GIVE_UP;
                }
                run.trace().attempt(new AttemptEntry(stage, target.toString(), CallRetries.reason(failure), switch (step) {
                    case RETRY_SAME_SERVER -> "retried";
                    case FAIL_OVER -> "failed_over to " + targets.get(t + 1);
                    case GIVE_UP -> "gave_up";
                }));
                if (step == CallRetries.Step.GIVE_UP) {
                    throw failure;
                }
                if (step == CallRetries.Step.FAIL_OVER) {
                    break;
                }
                pause(run, CallRetries.pauseBefore(failure));
            }
        }
        throw failure;
    }

    /** The same model on the template's other servers, in the template's order: where a failing call may go next. */
    static List<ModelRef> sameModelElsewhere(PipelineRun run, ModelRef model) {
        if (run.template() == null) {
            return List.of();
        }
        return run.template().serverMentions().stream().map(ExpertTemplate.ServerMention::model)
                .filter(m -> m.model().equals(model.model()) && !m.endpoint().equals(model.endpoint())).distinct().toList();
    }

    private static void pause(PipelineRun run, Duration pause) {
        run.cancellation().checkpoint();
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RequestCancelledException("interrupted while waiting to call again");
        }
        run.cancellation().checkpoint();
    }

    /** One call of {@code call} to its server, recorded as a span (model, stage, tokens) of the run. */
    private Completion attempt(PipelineRun run, String stage, ModelCall call, Sender sender) {
        Spans.Span span = run.startSpan("model " + call.model(), run.currentSpan(), Map.of("moe.stage", stage,
                "moe.model", call.model().toString(), "moe.response_id", run.id()));
        try {
            Completion done = sender.send(call);
            span.attribute("moe.tokens.prompt", done.usage().promptTokens());
            span.attribute("moe.tokens.completion", done.usage().completionTokens());
            return done;
        } catch (RuntimeException e) {
            span.failed(e);
            throw e;
        } finally {
            span.end();
        }
    }

    /** One call of {@code call} to its server, within the caller's share of the server's slots. */
    private Completion send(PipelineRun run, String stage, ModelCall call) {
        ModelRef model = call.model();
        Optional<Duration> limit = TokenCaps.role(stage).flatMap(run.template()::timeout);
        String user = run.caller().userId();
        run.cancellation().checkpoint();
        ModelCallShare.Place place = share.acquire(user, model.endpoint(), run.cancellation());
        CompletableFuture<Completion> pending = null;
        try {
            pending = run.cancellation().track(inference.complete(call).toCompletableFuture());
            Completion done = withCountedUsage(limit.isPresent() ? pending.get(limit.get().toMillis(), TimeUnit.MILLISECONDS)
                    : pending.get(), call);
            run.recordCall(new StageCall(stage, done));
            return done;
        } catch (CancellationException e) {
            billIfItWentOut(run, stage, call);
            throw new RequestCancelledException("the client went away");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            billIfItWentOut(run, stage, call);
            throw new RequestCancelledException("interrupted while waiting for " + model);
        } catch (java.util.concurrent.TimeoutException e) {
            billIfItWentOut(run, stage, call); // before the cancel below ends its wait
            pending.cancel(true); // the template's timeout for this role ran out before the server's own
            throw templateTimeout(stage, model, limit, e);
        } catch (ExecutionException e) {
            RuntimeException cause = unwrap(e.getCause());
            RuntimeException failure = asInferenceFailure(cause, model);
            if (failure instanceof InferenceException i && i.timedOut() && !(cause instanceof ServerSlots.SlotWaitTimeout)) {
                run.recordCall(cutOff(stage, call)); // a server's timeout spent waiting for a slot reached no server
            }
            throw failure;
        } finally {
            place.release();
        }
    }

    /** One streamed call of {@code call} to its server, within the caller's share of the server's slots, on this thread. */
    private Completion sendStreamed(PipelineRun run, String stage, ModelCall call, Consumer<String> pieces, CharSequence written) {
        ModelRef model = call.model();
        Optional<Duration> limit = TokenCaps.role(stage).flatMap(run.template()::timeout);
        long deadline = limit.map(d -> System.nanoTime() + d.toNanos()).orElse(Long.MAX_VALUE);
        run.cancellation().checkpoint();
        ModelCallShare.Place place = share.acquire(run.caller().userId(), model.endpoint(), run.cancellation());
        // Given up when the client goes away or the template's timeout runs out, even while the server sends nothing.
        CompletableFuture<Void> stop = run.cancellation().track(new CompletableFuture<>());
        limit.ifPresent(d -> stop.completeOnTimeout(null, d.toNanos(), TimeUnit.NANOSECONDS));
        try {
            Completion done = withCountedUsage(inference.stream(call, piece -> {
                run.cancellation().checkpoint();
                if (System.nanoTime() - deadline > 0) {
                    throw templateTimeout(stage, model, limit, null);
                }
                pieces.accept(piece);
            }, stop), call);
            run.recordCall(new StageCall(stage, done));
            return done;
        } catch (RequestCancelledException e) {
            run.recordCall(cutOff(stage, call));
            throw e;
        } catch (RuntimeException e) {
            if (run.cancellation().cancelled()) {
                run.recordCall(cutOff(stage, call));
                throw new RequestCancelledException("the client went away");
            }
            boolean outOfTime = stop.isDone() && !(e instanceof InferenceException i && i.timedOut());
            RuntimeException failure = outOfTime ? templateTimeout(stage, model, limit, e) : asInferenceFailure(e, model);
            if (failure instanceof InferenceException i && i.timedOut() && Failures.chain(e).noneMatch(ServerSlots.SlotWaitTimeout.class::isInstance)) {
                run.recordCall(cutOff(stage, call)); // a server's timeout spent waiting for a slot reached no server
            } else if (written.length() > 0) {
                run.recordCall(brokenOff(stage, call, written)); // the server wrote this much before its stream broke
            }
            throw failure;
        } finally {
            stop.cancel(false); // ends its timer and its place among the request's calls in flight
            place.release();
        }
    }

    /** A whole call given up before it answered is billed its reservation when it went out; one still queued costs nothing. */
    private void billIfItWentOut(PipelineRun run, String stage, ModelCall call) {
        if (inference.wentOut(call)) {
            run.recordCall(cutOff(stage, call));
        }
    }

    /** A streamed call that broke off: the prompt estimate and what the server wrote are billed. */
    static StageCall brokenOff(String stage, ModelCall call, CharSequence written) {
        return new StageCall(stage, withCountedUsage(new Completion(written.toString(), call.model().toString(), TokenUsage.NONE), call),
                true);
    }

    /** The template's timeout for the stage's role ran out before the call finished. */
    private static InferenceException templateTimeout(String stage, ModelRef model, Optional<Duration> limit, Throwable cause) {
        return new InferenceException("the call to " + model + " did not finish within the template's "
                + TokenCaps.role(stage).map(r -> r.wireName()).orElse(stage) + " timeout of "
                + limit.map(Duration::toSeconds).orElse(0L) + " s (timeouts in the expert template)", true, cause);
    }

    public Completion call(PipelineRun run, String stage, ModelRef model, String system, String user) {
        return call(run, stage, model, system, List.of(ChatMessage.user(user)));
    }

    /** The prompt estimate plus the call's {@code max_tokens}: what a call cut off before it answered is billed. */
    static StageCall cutOff(String stage, ModelCall call) {
        return new StageCall(stage, new Completion("", call.model().toString(),
                new TokenUsage(promptEstimate(call), call.maxTokens())), true);
    }

    static Completion withCountedUsage(Completion done, ModelCall call) {
        if (done.usage().totalTokens() > 0) {
            return done;
        }
        return done.withUsage(new TokenUsage(promptEstimate(call), (done.content().length() + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN));
    }

    static long promptEstimate(ModelCall call) {
        long chars = call.messages().stream().mapToLong(m -> m.text().length()).sum();
        return (chars + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }

    /** Fault-tolerance failures become inference failures, so that each stage's fallback covers them. */
    static RuntimeException asInferenceFailure(RuntimeException failure, ModelRef model) {
        if (failure instanceof TimeoutException) {
            return new InferenceException("the call to " + model + " did not finish within the timeout of server '"
                    + model.endpoint() + "' (timeout_seconds, /api/servers)", true, failure);
        }
        if (failure instanceof ServerSlots.SlotWaitTimeout) { // the server's timeout spent waiting: not asked again
            return new InferenceException(failure.getMessage(), true, failure);
        }
        if (failure instanceof BulkheadException) {
            return new InferenceException("all slots of server '" + model.endpoint() + "' are busy and its wait queue is full: "
                    + failure.getMessage(), false, failure);
        }
        return failure;
    }

    public static RuntimeException unwrap(Throwable t) {
        Throwable cause = Failures.unwrapped(t);
        return cause instanceof RuntimeException r ? r : new CompletionException(cause);
    }
}
