package io.moe.domain.identity;

import io.moe.domain.shared.Ids;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.OffsetDateTime;

/** A user's token limits per day, month and lifetime; null means unlimited (spec resource "token_budget"). */
@Entity
@Table(name = "token_budget")
public class TokenBudget {

    @Id
    @Column(name = "user_id")
    private String userId;
    @Column(name = "daily_limit")
    private Long dailyLimit;
    @Column(name = "monthly_limit")
    private Long monthlyLimit;
    @Column(name = "total_limit")
    private Long totalLimit;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;

    protected TokenBudget() {
    }

    public TokenBudget(String userId, Long dailyLimit, Long monthlyLimit, Long totalLimit) {
        this.userId = userId;
        this.dailyLimit = dailyLimit;
        this.monthlyLimit = monthlyLimit;
        this.totalLimit = totalLimit;
        this.updatedAt = Ids.nowUtc();
    }

    /** Budget of an account without limits (the default for admins). */
    public static TokenBudget unlimited(String userId) {
        return new TokenBudget(userId, null, null, null);
    }

    public void change(Long dailyLimit, Long monthlyLimit, Long totalLimit) {
        this.dailyLimit = dailyLimit;
        this.monthlyLimit = monthlyLimit;
        this.totalLimit = totalLimit;
        this.updatedAt = Ids.nowUtc();
    }

    public Limits limits() {
        return new Limits(dailyLimit, monthlyLimit, totalLimit);
    }

    public String userId() {
        return userId;
    }

    public Long dailyLimit() {
        return dailyLimit;
    }

    public Long monthlyLimit() {
        return monthlyLimit;
    }

    public Long totalLimit() {
        return totalLimit;
    }

    public OffsetDateTime updatedAt() {
        return updatedAt;
    }
}
