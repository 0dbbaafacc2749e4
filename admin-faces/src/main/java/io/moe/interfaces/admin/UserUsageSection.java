package io.moe.interfaces.admin;

import io.moe.application.identity.UserAdministration;
import io.moe.application.overview.ServiceOverview;
import io.moe.domain.identity.UsageEntry;
import io.moe.infrastructure.faces.Charts;
import io.moe.infrastructure.faces.KeyNames;
import io.moe.infrastructure.faces.RoutingWords;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.util.List;

/** The usage section of a user's page: totals by status, tokens per day of the last 30 days, and the latest requests with their key. */
@Named
@RequestScoped
public class UserUsageSection {

    @Inject
    UserAccountPage page;

    @Inject
    UserAdministration users;

    @Inject
    ServiceOverview overview;

    @Inject
    UserKeyList keys;

    /** Rows [status, requests, prompt tokens, completion tokens, total tokens]. */
    public List<Object[]> getTotals() {
        return users.usageTotals(page.getId());
    }

    private KeyNames keyNames;

    /** The user's keys, named as the keys tab names them (label, prefix), for the key a row's request was made with. */
    public KeyNames getKeyNames() {
        if (keyNames == null) {
            keyNames = new KeyNames(keys.get());
        }
        return keyNames;
    }

    /** A request id short enough for the table (its start; the whole id is the cell's tooltip). */
    public String shortId(String requestId) {
        return requestId == null || requestId.length() <= 18 ? requestId : requestId.substring(0, 17) + "…";
    }

    public List<UsageEntry> getRecent() {
        return users.recentUsage(page.getId(), 50);
    }

    /** A row's routing mode in words (orchestrated, reasoning, native). */
    public String routing(String moeMode) {
        return RoutingWords.of(moeMode);
    }

    public String getChart() {
        return Charts.daily(overview.lastDaysOf(page.getId(), DashboardPage.DAYS));
    }
}
