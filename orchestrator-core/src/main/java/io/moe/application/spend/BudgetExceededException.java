package io.moe.application.spend;

import io.moe.domain.shared.Refusal;

/**
 * A request refused because a token limit is reached, or because the tokens reserved for it do not fit
 * what is left of the limit; names the limit (daily, monthly, total).
 */
public class BudgetExceededException extends Refusal {

    private final String limitType;

    public BudgetExceededException(String limitType, long used, long limit, long requested) {
        super(Kind.TOO_MANY, "budget_exceeded", null, (used >= limit ? "the " + limitType + " token limit of " + limit + " is reached (" + used + " used)"
                : "this request reserves " + requested + " tokens but only " + (limit - used) + " of the " + limitType
                + " token limit of " + limit + " are left; send a shorter request or lower max_tokens")
                + (limitType.equals("daily") ? "; it resets at 00:00 UTC" : limitType.equals("monthly")
                ? "; it resets on the first of the month (UTC)" : "; ask an admin to raise it"), 0, null);
        this.limitType = limitType;
    }

    public String limitType() {
        return limitType;
    }
}
