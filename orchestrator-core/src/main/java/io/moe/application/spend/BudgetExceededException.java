package io.moe.application.spend;

/** A request refused because a token limit is reached; names the limit (daily, monthly, total). */
public class BudgetExceededException extends RuntimeException {

    private final String limitType;

    public BudgetExceededException(String limitType, long used, long limit) {
        super("the " + limitType + " token limit of " + limit + " is reached (" + used + " used)"
                + (limitType.equals("daily") ? "; it resets at 00:00 UTC" : limitType.equals("monthly")
                ? "; it resets on the first of the month (UTC)" : "; ask an admin to raise it"));
        this.limitType = limitType;
    }

    public String limitType() {
        return limitType;
    }
}
