package io.moe.interfaces.portal;

import io.moe.application.identity.OwnKeys;
import io.moe.application.identity.OwnUsage;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.util.List;

/**
 * Backing bean of {@code /user/dashboard}: the tokens used today, this month and in total against the
 * budget's limits, the user's usable keys, and the latest requests (each opens in the answer inspector).
 */
@Named("portalDashboard")
@RequestScoped
public class DashboardPage {

    static final int RECENT = 10;

    @Inject
    PortalUser user;

    @Inject
    OwnUsage usage;

    @Inject
    OwnKeys keys;

    private OwnUsage.Budget budget;
    private Long usableKeys;
    private List<UsageEntry> recent;

    /** One budget figure: what is used, the limit (null: none), and the share used in percent (0 without a limit, 100 at a limit of 0). */
    public record Meter(String label, Long used, Long limit) {

        public int percent() {
            if (limit == null || used == null) {
                return 0;
            }
            return limit == 0 ? 100 : (int) Math.min(100, used * 100 / limit); // a limit of 0 allows nothing: it is full
        }

        public String limitText() {
            return limit == null ? "no limit" : "of " + String.format("%,d", limit);
        }

        public String usedText() {
            return used == null ? "unknown" : String.format("%,d", used);
        }
    }

    public List<Meter> getMeters() {
        if (budget == null) {
            budget = usage.budget(user.id());
        }
        long[] used = budget.used();
        return List.of(new Meter("Today (UTC)", used == null ? null : used[0], budget.limits().daily()),
                new Meter("This month (UTC)", used == null ? null : used[1], budget.limits().monthly()),
                new Meter("In total", used == null ? null : used[2], budget.limits().total()));
    }

    public long getUsableKeys() {
        if (usableKeys == null) {
            usableKeys = keys.list(user.caller()).stream().filter(k -> k.key().isUsableAt(Ids.nowUtc())).count();
        }
        return usableKeys;
    }

    public List<UsageEntry> getRecent() {
        if (recent == null) {
            recent = usage.recent(user.id(), RECENT);
        }
        return recent;
    }
}
