package io.moe.domain.identity;

import io.moe.domain.shared.Ids;
import io.moe.domain.shared.PlainText;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

import java.time.OffsetDateTime;

/** One row of the usage log: an authenticated request, its tokens and how it ended. */
@Entity
@Table(name = "usage_log")
@NamedQuery(name = "UsageEntry.ofUser", query = "SELECT u FROM UsageEntry u WHERE u.userId = :userId ORDER BY u.requestedAt DESC")
public class UsageEntry {

    public static final String OK = "ok";
    public static final String BUDGET_EXCEEDED = "budget_exceeded";
    public static final String ERROR = "error";
    /** The column's length: a row is written whatever the route was called, so that one row never holds up the log. */
    static final int MODEL_LENGTH = 300;

    @Id
    private String id;
    @Column(name = "user_id")
    private String userId;
    @Column(name = "api_key_id")
    private String apiKeyId;
    @Column(name = "request_id")
    private String requestId;
    private String model;
    @Column(name = "moe_mode")
    private String moeMode;
    @Column(name = "prompt_tokens")
    private long promptTokens;
    @Column(name = "completion_tokens")
    private long completionTokens;
    @Column(name = "total_tokens")
    private long totalTokens;
    @Column(name = "weighted_tokens")
    private long weightedTokens;
    private String status;
    @Column(name = "requested_at")
    private OffsetDateTime requestedAt;

    protected UsageEntry() {
    }

    public UsageEntry(String userId, String apiKeyId, String requestId, String model, String moeMode,
                      long promptTokens, long completionTokens, String status, OffsetDateTime requestedAt) {
        this(userId, apiKeyId, requestId, model, moeMode, promptTokens, completionTokens,
                promptTokens + completionTokens, status, requestedAt);
    }

    /** An entry whose tokens counted {@code weightedTokens} against the budget (cost factors applied). */
    public UsageEntry(String userId, String apiKeyId, String requestId, String model, String moeMode,
                      long promptTokens, long completionTokens, long weightedTokens, String status, OffsetDateTime requestedAt) {
        this(Ids.newId(), userId, apiKeyId, requestId, model, moeMode, promptTokens, completionTokens, weightedTokens, status,
                requestedAt);
    }

    /** An entry as it was made before, under its own {@code id} (read back from the usage journal). */
    public UsageEntry(String id, String userId, String apiKeyId, String requestId, String model, String moeMode,
                      long promptTokens, long completionTokens, long weightedTokens, String status, OffsetDateTime requestedAt) {
        this.weightedTokens = weightedTokens;
        this.id = id;
        this.userId = userId;
        this.apiKeyId = apiKeyId;
        this.requestId = requestId;
        this.model = PlainText.fit(model, MODEL_LENGTH);
        this.moeMode = moeMode;
        this.promptTokens = promptTokens;
        this.completionTokens = completionTokens;
        this.totalTokens = promptTokens + completionTokens;
        this.status = status;
        this.requestedAt = requestedAt;
    }

    public String id() {
        return id;
    }

    public String userId() {
        return userId;
    }

    public String apiKeyId() {
        return apiKeyId;
    }

    public String requestId() {
        return requestId;
    }

    public String model() {
        return model;
    }

    public String moeMode() {
        return moeMode;
    }

    public long promptTokens() {
        return promptTokens;
    }

    public long completionTokens() {
        return completionTokens;
    }

    public long totalTokens() {
        return totalTokens;
    }

    /** The tokens as counted against the budget: the total weighted by the cost factors. */
    public long weightedTokens() {
        return weightedTokens;
    }

    public String status() {
        return status;
    }

    public OffsetDateTime requestedAt() {
        return requestedAt;
    }
}
