package io.moe.interfaces.admin;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.UserAdministration;
import io.moe.application.spend.SpendControl;
import io.moe.domain.identity.TokenBudget;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.util.Map;

/** The budget section of a user's page: daily, monthly and total limits (empty = unlimited) beside the current counters. */
@Named
@PerView
public class UserBudgetSection implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FIELDS = Map.of("daily_limit", "sections:budget:daily", "monthly_limit", "sections:budget:monthly",
            "total_limit", "sections:budget:total");

    @Inject
    UserAccountPage page;

    @Inject
    UserAdministration users;

    @Inject
    SpendControl spend;

    private Long daily;
    private Long monthly;
    private Long total;
    private boolean loaded;

    private void load() {
        if (!loaded && page.getUser() != null) {
            TokenBudget budget = users.budget(page.getId());
            daily = budget.dailyLimit();
            monthly = budget.monthlyLimit();
            total = budget.totalLimit();
            loaded = true;
        }
    }

    public void save() {
        try {
            users.setBudget(page.getId(), daily, monthly, total);
            PageMessages.done("Budget of " + page.getUser().username() + " saved");
        } catch (IdentityException e) {
            PageMessages.refused("Budget not saved", e, FIELDS);
        }
    }

    /** The counters [daily, monthly, total]; null when the counter store cannot be read right now. */
    private long[] used() {
        try {
            return spend.used(page.getId());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Tokens used today (0), this month (1) or in total (2), grouped ("12,345"); "unknown" when the store does not answer. */
    public String usedText(int window) {
        long[] used = used();
        return used == null ? "unknown" : String.format(java.util.Locale.ENGLISH, "%,d", used[window]);
    }

    public Long getDaily() {
        load();
        return daily;
    }

    public void setDaily(Long daily) {
        this.daily = daily;
    }

    public Long getMonthly() {
        load();
        return monthly;
    }

    public void setMonthly(Long monthly) {
        this.monthly = monthly;
    }

    public Long getTotal() {
        load();
        return total;
    }

    public void setTotal(Long total) {
        this.total = total;
    }
}
