package io.moe.application.spend;

import io.moe.application.chat.ChatService;
import io.moe.application.pipeline.intake.InternalRequests;
import io.moe.application.pipeline.intake.SkillResolver;
import io.moe.application.overview.RecentRequests;
import io.moe.application.pipeline.run.CallLedger;
import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.pipeline.run.Progress;
import io.moe.application.routing.Route;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.shared.Ids;
import io.moe.domain.template.ModelRef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A chat request on behalf of a caller, in the spec's order: its route was resolved and granted, the caller must
 * be admitted ({@link Admission}: a free place among its concurrent requests, and a reservation the budget allows),
 * the answer is computed, then the place is given back and the reservation settled to the tokens of every model call the request
 * made, weighted by the servers' and the template's cost factors — answered, failed or cancelled alike, so failed work is never free — one usage row is written
 * and the counters on /metrics move.
 */
@ApplicationScoped
public class MeteredChat {

    static final int RESERVE_FLOOR = 1024;

    @Inject
    ChatService chat;

    @Inject
    Admission admission;

    @Inject
    SkillResolver skills;

    @Inject
    RecentRequests recent;

    @Inject
    SpendMetrics metrics;

    @Inject
    TypicalCost typical;

    @Inject
    CostWeights weights;

    /**
     * Answers {@code request} on {@code route} (the caller's grant for it was checked when it was resolved);
     * the pipeline stops when {@code cancellation} is triggered (the client went away).
     */
    public CompletionStage<ChatAnswer> answer(Caller caller, String id, long created, Route.Pipeline route, ChatRequest request,
                                              Progress progress, Cancellation cancellation) {
        String model = route.modelId();
        String routing = route.routing();
        OffsetDateTime at = Ids.nowUtc();
        long start = System.nanoTime();
        skills.requirePermission(caller, request.lastUserText()); // before the budget is asked and a stream is opened
        // a front end's title or tags task is one small model call: it neither reserves nor teaches the mode's typical cost
        boolean housekeeping = InternalRequests.isFrontEndTask(request);
        Admission.Ticket ticket;
        try {
            // weighted as it will be settled: the template's factor is known now (the servers' only once the calls are made)
            ticket = admission.admit(caller, id, reservation(request, housekeeping, route.template().costFactor()));
        } catch (BudgetExceededException e) {
            metrics.request(request.mode().modeName(), false, caller.userId());
            metrics.budgetExceeded(caller.userId(), e.limitType());
            admission.refused(new UsageEntry(caller.userId(), caller.apiKeyId(), id, model, routing, 0, 0, UsageEntry.BUDGET_EXCEEDED, at));
            throw e;
        }
        CallLedger ledger = new CallLedger();
        CompletionStage<ChatAnswer> answer;
        try {
            answer = chat.answer(caller, id, created, request, route, progress, ledger, cancellation);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        return answer.whenComplete((done, failure) -> {
            TokenUsage used = ledger.usage();
            long weighted = weights.weigh(ledger.completions(), route.template().costFactor());
            admission.release(ticket, weighted, new UsageEntry(caller.userId(), caller.apiKeyId(), id, model, routing,
                    used.promptTokens(), used.completionTokens(), weighted, failure == null ? UsageEntry.OK : UsageEntry.ERROR, at));
            metrics.request(request.mode().modeName(), failure == null && done.cacheHit(), caller.userId());
            if (failure == null && !done.cacheHit() && !housekeeping) {
                typical.observe(request.mode(), used.totalTokens());
            }
            Map<String, Long> tokensByModel = new HashMap<>();
            for (Completion call : ledger.completions()) {
                ModelRef ref = parse(call.model());
                metrics.tokens(ref == null ? call.model() : ref.model(), ref == null ? "unknown" : ref.endpoint(),
                        caller.userId(), call.usage().promptTokens(), call.usage().completionTokens());
                tokensByModel.merge(call.model(), call.usage().totalTokens(), Long::sum);
            }
            recent.record((System.nanoTime() - start) / 1_000_000, tokensByModel, failure != null);
        });
    }

    /**
     * The tokens reserved, weighted by the template's factor: the estimate, or the mode's typical cost when larger; a
     * front end's housekeeping task reserves its estimate alone.
     */
    long reservation(ChatRequest request, boolean housekeeping, double costFactor) {
        return Math.round((housekeeping ? estimate(request) : Math.max(estimate(request), typical.of(request.mode()))) * costFactor);
    }

    /**
     * About four characters per token for the prompt, counted twice (the planner and the experts both read
     * it), plus a floor for the answers; the typical cost of the mode raises it once requests have run.
     */
    static long estimate(ChatRequest request) {
        long chars = request.messages().stream().mapToLong(m -> m.text().length()).sum();
        return chars / 2 + RESERVE_FLOOR;
    }

    private static ModelRef parse(String model) {
        try {
            return ModelRef.parse(model);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
