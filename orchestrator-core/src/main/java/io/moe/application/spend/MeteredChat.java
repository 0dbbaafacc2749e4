package io.moe.application.spend;

import io.moe.application.chat.ChatService;
import io.moe.application.pipeline.Progress;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.Completion;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.shared.Ids;
import io.moe.domain.template.ModelRef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.OffsetDateTime;
import java.util.concurrent.CompletionStage;

/**
 * A chat request on behalf of a caller, in the spec's order: the mode must be granted, the budget
 * must allow it (a reservation is taken), the answer is computed, then the reservation is settled
 * to the real tokens, one usage row is written and the counters on /metrics move.
 */
@ApplicationScoped
public class MeteredChat {

    static final int RESERVE_FLOOR = 1024;

    @Inject
    ChatService chat;

    @Inject
    SpendControl budgets;

    @Inject
    UsageRecorder usage;

    @Inject
    SpendMetrics metrics;

    @Inject
    TypicalCost typical;

    public CompletionStage<ChatAnswer> answer(Caller caller, String id, long created, ChatRequest request, Progress progress) {
        String model = request.mode().modelId();
        String routing = request.mode().routing();
        if (!caller.admin() && !caller.granted(ResourceType.MOE_MODE).contains(routing)) {
            throw new ModeNotPermittedException(model, routing);
        }
        OffsetDateTime at = Ids.nowUtc();
        SpendControl.Reservation reservation;
        try {
            reservation = budgets.reserve(caller, Math.max(estimate(request), typical.of(request.mode())));
        } catch (BudgetExceededException e) {
            metrics.request(request.mode().modeName(), false, caller.userId());
            metrics.budgetExceeded(caller.userId(), e.limitType());
            usage.record(new UsageEntry(caller.userId(), caller.apiKeyId(), id, model, routing, 0, 0, UsageEntry.BUDGET_EXCEEDED, at));
            throw e;
        }
        return chat.answer(caller, id, created, request, progress).whenComplete((answer, failure) -> {
            metrics.request(request.mode().modeName(), failure == null && answer.cacheHit(), caller.userId());
            if (failure != null) {
                budgets.settle(reservation, 0);
                usage.record(new UsageEntry(caller.userId(), caller.apiKeyId(), id, model, routing, 0, 0, UsageEntry.ERROR, at));
                return;
            }
            budgets.settle(reservation, answer.usage().totalTokens());
            if (!answer.cacheHit()) {
                typical.observe(request.mode(), answer.usage().totalTokens());
            }
            usage.record(new UsageEntry(caller.userId(), caller.apiKeyId(), id, model, routing,
                    answer.usage().promptTokens(), answer.usage().completionTokens(), UsageEntry.OK, at));
            for (Completion call : answer.calls()) {
                ModelRef ref = parse(call.model());
                metrics.tokens(ref == null ? call.model() : ref.model(), ref == null ? "unknown" : ref.endpoint(),
                        caller.userId(), call.usage().promptTokens(), call.usage().completionTokens());
            }
        });
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
