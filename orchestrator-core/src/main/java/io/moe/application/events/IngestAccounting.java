package io.moe.application.events;

import io.moe.application.spend.SpendMetrics;
import io.moe.application.spend.UsageRecorder;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.shared.Ids;
import io.moe.domain.template.ModelRef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Books the knowledge-ingest consumer's judge calls like any other model work, so GPU time spent on
 * ingestion is visible: tokens on /metrics ({@code moe_tokens_total}) and one usage_log row per ingested
 * answer ({@code request_id} {@code ingest:<response id>}, mode {@code ingest}), both for the system
 * account {@code moe-system} that migration V4 creates (it cannot sign in). A failed call is a row with
 * status {@code error} and no tokens. Rows are written off the consumer thread by the usage recorder,
 * which retries and logs what it cannot write.
 */
@ApplicationScoped
public class IngestAccounting {

    /** The id of the system account {@code moe-system} (migration V4). */
    public static final String SYSTEM_USER_ID = io.moe.domain.identity.SystemAccount.ID;
    static final String MODE = "ingest";

    @Inject
    UsageRecorder usage;

    @Inject
    SpendMetrics metrics;

    /** Records a judge call (of attempt {@code attempt}) that extracted triples from the answer {@code responseId}. */
    public void answered(String responseId, int attempt, ModelRef judge, TokenUsage tokens) {
        metrics.tokens(judge.model(), judge.endpoint(), SYSTEM_USER_ID, tokens.promptTokens(), tokens.completionTokens());
        usage.record(new UsageEntry(SYSTEM_USER_ID, null, requestId(responseId, attempt), judge.toString(), MODE,
                tokens.promptTokens(), tokens.completionTokens(), UsageEntry.OK, Ids.nowUtc()));
    }

    /** Records a judge call (of attempt {@code attempt}) for the answer {@code responseId} that failed. */
    public void failed(String responseId, int attempt, ModelRef judge) {
        usage.record(new UsageEntry(SYSTEM_USER_ID, null, requestId(responseId, attempt), judge.toString(), MODE,
                0, 0, UsageEntry.ERROR, Ids.nowUtc()));
    }

    /**
     * {@code ingest:<response id>}, and {@code #<attempt>} from the second attempt on: the usage log keeps one row per
     * request id and status, and each attempt is a call of its own (a second row of the same id failed the whole batch of
     * rows it was written with).
     */
    static String requestId(String responseId, int attempt) {
        String suffix = attempt > 1 ? "#" + attempt : "";
        String id = "ingest:" + responseId;
        return (id.length() + suffix.length() > 64 ? id.substring(0, 64 - suffix.length()) : id) + suffix;
    }
}
