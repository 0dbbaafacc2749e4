package io.moe.application.routing;

import io.moe.application.events.EventOutbox;
import io.moe.application.limits.ModelCallShare;
import io.moe.application.overview.RecentRequests;
import io.moe.application.pipeline.after.AfterAnswer;
import io.moe.application.pipeline.after.ResponseStore;
import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.pipeline.trace.ResponseRecord;
import io.moe.application.servers.CallRetries;
import io.moe.application.spend.Admission;
import io.moe.application.spend.BudgetExceededException;
import io.moe.application.spend.CostWeights;
import io.moe.application.spend.SpendMetrics;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.llm.InferenceException;
import io.moe.infrastructure.llm.ServerSlots;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Native pass-through (moe_mode {@code native}): a request goes straight to its inference server in the
 * OpenAI wire format, metered like every other request. Opening an exchange admits it ({@link Admission}: a place
 * among the caller's concurrent requests and the estimate reserved from the budget); finishing it gives the place
 * back and settles the budget to the tokens the server reported, weighted by the server's {@code cost_factor} (and the
 * template's, for a template's tool-calling turn), with the
 * usage row (raw and weighted tokens) in the same step and moves the counters on /metrics. An answered exchange whose caller
 * described it ({@link Exchange#describe}) is kept as a response record with a trace, like a pipeline answer,
 * so that its id takes feedback and shows its trace. An answered exchange longer than 150 characters publishes the
 * audit event {@code moe.requests} (mode {@code native}) as a pipeline answer does; none goes to {@code moe.ingest}: a
 * user's own conversation with a model is not knowledge for everyone's graph.
 */
@ApplicationScoped
public class NativeChat {

    @Inject
    Admission admission;

    @Inject
    SpendMetrics metrics;

    @Inject
    PassThrough upstream;

    @Inject
    ResponseStore responses;

    @Inject
    RecentRequests recent;

    @Inject
    EventOutbox events;

    @Inject
    ModelCallShare share;

    private static final Logger LOG = Logger.getLogger(NativeChat.class.getName());
    static final int EXCERPT = 2000;
    /** The part of a native answer its audit event ({@code moe.requests}) carries. */
    public static final int SNIPPET = 300;

    /**
     * Opens a metered exchange for {@code route}, reserving the {@code reservation}'s tokens (the prompt's estimate and
     * the most the server may write); refused when the budget does not allow it.
     */
    public Exchange open(Caller caller, String requestId, Route.Native route, TokenUsage reservation) {
        OffsetDateTime at = Ids.nowUtc();
        try {
            Admission.Ticket ticket = admission.admit(caller, requestId,
                    CostWeights.weigh(reservation.totalTokens(), route.server(), route.templateFactor()));
            return new Exchange(caller, requestId, route, ticket, at, reservation);
        } catch (BudgetExceededException e) {
            metrics.request("native", false, caller.userId());
            metrics.budgetExceeded(caller.userId(), e.limitType());
            admission.refused(new UsageEntry(caller.userId(), caller.apiKeyId(), requestId, route.modelId(), route.routing(),
                    0, 0, UsageEntry.BUDGET_EXCEEDED, at));
            throw e;
        }
    }

    /** Whether a native call that failed with {@code failure} went out and got no answer within the server's timeout. */
    static boolean workedOn(RuntimeException failure) {
        return failure instanceof InferenceException e && e.timedOut()
                && Failures.chain(failure).noneMatch(ServerSlots.SlotWaitTimeout.class::isInstance);
    }

    /** One metered request to the server; {@link #finish} must be called once, whatever happened. */
    public final class Exchange {

        private final Caller caller;
        private final String requestId;
        private final Route.Native route;
        private final Admission.Ticket ticket;
        private final OffsetDateTime at;
        private final TokenUsage reservation;
        private final long startNanos = System.nanoTime();
        private final AtomicBoolean finished = new AtomicBoolean();
        private volatile String question;
        private volatile String answer;
        private volatile JsonObject details;
        private volatile long answerChars;
        private volatile PassThrough.StreamReply streamed;
        private volatile ModelCallShare.Place place;
        private final List<JsonObject> attempts = new java.util.concurrent.CopyOnWriteArrayList<>();

        private Exchange(Caller caller, String requestId, Route.Native route, Admission.Ticket ticket, OffsetDateTime at,
                         TokenUsage reservation) {
            this.caller = caller;
            this.requestId = requestId;
            this.route = route;
            this.ticket = ticket;
            this.at = at;
            this.reservation = reservation;
        }

        /**
         * Sends {@code body} and answers the server's reply; a server that is busy or broke down before it answered
         * (429 with a short {@code Retry-After}, 500, 502, 503, no answer) is asked once more ({@link CallRetries}).
         */
        public PassThrough.Reply complete(String body) {
            takePlace();
            return withRetry(() -> upstream.complete(route.server(), body), reply -> {
            });
        }

        /** Like {@link #complete}, for a stream: a retry happens only before the server sent a first event. */
        public PassThrough.StreamReply stream(String body) {
            takePlace();
            PassThrough.StreamReply reply = withRetry(() -> upstream.stream(route.server(), body), PassThrough.StreamReply::close);
            streamed = reply;
            return reply;
        }

        /**
         * One of the caller's places on the server ({@link ModelCallShare}), held until the exchange finishes: like the
         * pipeline's calls, one user's direct calls leave a slot of every server for everyone else.
         */
        private void takePlace() {
            if (place == null) {
                place = share.acquire(caller.userId(), route.server().name(), Cancellation.none());
            }
        }

        /** Sends with {@code send}, once more where {@link CallRetries} says so; a reply not passed on is {@code discard}ed. */
        private <R extends PassThrough.Answered> R withRetry(Supplier<R> send, Consumer<R> discard) {
            for (int attempt = 1; ; attempt++) {
                R reply;
                try {
                    reply = send.get();
                } catch (InferenceException e) {
                    if (CallRetries.after(e, attempt) != CallRetries.Step.RETRY_SAME_SERVER) {
                        throw e;
                    }
                    retryAfter(CallRetries.reason(e), CallRetries.pauseBefore(e));
                    continue;
                }
                if (reply.status() / 100 == 2 || CallRetries.after(reply.status(), reply.retryAfterSeconds(), attempt)
                        != CallRetries.Step.RETRY_SAME_SERVER) {
                    return reply;
                }
                Duration pause = CallRetries.pauseBefore(reply.retryAfterSeconds());
                discard.accept(reply); // read before: a closed stream may no longer answer
                retryAfter("http_" + reply.status(), pause);
            }
        }

        private void retryAfter(String reason, Duration pause) {
            attempts.add(Jsonp.createObjectBuilder().add("stage", "native").add("model", route.model().toString())
                    .add("reason", reason).add("next", "retried").build());
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InferenceException("interrupted while waiting to call inference server '" + route.server().name()
                        + "' again", false, e);
            }
        }

        /** What was asked and answered, and what the trace adds (profile, mode), kept as the response record when the exchange is answered. */
        public void describe(String question, String answer, JsonObject details) {
            said(question, answer, answer == null ? 0 : answer.length());
            this.details = details;
        }

        /**
         * What was asked and the beginning of the answer ({@link #SNIPPET} characters are enough) with the answer's whole
         * length: an answered exchange whose answer is longer than 150 characters publishes its audit event.
         */
        public void said(String question, String answerBeginning, long answerLength) {
            this.question = question;
            this.answer = answerBeginning;
            this.answerChars = answerLength;
        }

        /**
         * Finishes an exchange that ended with {@code failure} before an answer: a call that went out and got no answer
         * within the server's timeout is billed its reservation, since the server may have worked on it all that time
         * (as the pipeline bills its calls); one the server refused, or that never went out (its wait for a slot ran out,
         * its server unreachable), costs nothing.
         */
        public void failed(RuntimeException failure) {
            finish(workedOn(failure) ? reservation : TokenUsage.NONE, false);
        }

        /**
         * Settles the budget to {@code used}, writes the usage row and the metrics; later calls do nothing. A stream the
         * server stopped sending before it was complete is billed at least the reservation, as a whole call that got
         * no answer in time: the server may have worked on it all that time, whatever it wrote before.
         */
        public void finish(TokenUsage counted, boolean answered) {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            ModelCallShare.Place taken = place;
            if (taken != null) {
                taken.release();
            }
            PassThrough.StreamReply stream = streamed;
            TokenUsage used = !answered && stream != null && stream.stalled() && counted.totalTokens() < reservation.totalTokens()
                    ? reservation : counted;
            long weighted = CostWeights.weigh(used.totalTokens(), route.server(), route.templateFactor());
            admission.release(ticket, weighted, new UsageEntry(caller.userId(), caller.apiKeyId(), requestId, route.modelId(),
                    route.routing(), used.promptTokens(), used.completionTokens(), weighted, answered ? UsageEntry.OK : UsageEntry.ERROR, at));
            metrics.request("native", false, caller.userId());
            metrics.tokens(route.model().model(), route.server().name(), caller.userId(), used.promptTokens(), used.completionTokens());
            recent.record((System.nanoTime() - startNanos) / 1_000_000, Map.of(route.modelId(), used.totalTokens()), !answered);
            if (answered && details != null) {
                record(used);
            }
            if (answered && answerChars > AfterAnswer.MIN_CHARS) {
                audit(used);
            }
        }

        /** The spec's audit event of an answer longer than 150 characters, as the pipeline's answers publish it. */
        private void audit(TokenUsage used) {
            events.publish("moe.requests", requestId, Jsonp.createObjectBuilder().add("response_id", requestId)
                    .add("user_id", caller.userId()).add("mode", "native").add("template", "")
                    .add("input", question == null ? "" : excerpt(question))
                    .add("answer_snippet", answer == null ? "" : answer.length() > SNIPPET ? answer.substring(0, SNIPPET) : answer)
                    .add("models", Jsonp.createArrayBuilder().add(route.model().toString())).add("cache_hit", false)
                    .add("total_tokens", used.totalTokens()).add("at", Ids.nowUtc().toString()).build());
        }

        private void record(TokenUsage used) {
            var builder = Jsonp.createObjectBuilder(details).add("response_id", requestId).add("route", "native")
                    .add("model", route.model().toString()).add("server", route.server().name())
                    .add("tokens", Jsonp.createObjectBuilder().add("prompt", used.promptTokens()).add("completion", used.completionTokens()));
            if (!attempts.isEmpty()) {
                var list = Jsonp.createArrayBuilder();
                attempts.forEach(list::add);
                builder.add("attempts", list);
            }
            JsonObject trace = builder.build();
            try {
                responses.put(requestId, new ResponseRecord(requestId, caller.userId(), caller.apiKeyId() == null ? "" : caller.apiKeyId(),
                        route.routing(), "", excerpt(question), excerpt(answer), "", List.of(), List.of(), null,
                        Ids.nowUtc().toString(), trace).toJson());
            } catch (RuntimeException e) {
                LOG.warning(() -> "Could not keep the response record of " + requestId + ": " + Failures.describe(e));
            }
        }

        private static String excerpt(String text) {
            return text == null ? "" : text.length() > EXCERPT ? text.substring(0, EXCERPT) : text;
        }
    }
}
