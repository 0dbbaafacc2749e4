package io.moe.application.overview;

import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import io.moe.domain.identity.UsageRanking;
import io.moe.domain.identity.UsageTotals;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricID;
import org.eclipse.microprofile.metrics.MetricRegistry;

import java.time.Clock;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * What the dashboard shows of the usage, read from what the service keeps: the usage log in PostgreSQL (service-wide,
 * UTC days and months like the budgets) and the semantic cache counters of this node's metrics. The stores' states
 * are {@link StoreStates}.
 */
@ApplicationScoped
@Transactional
public class ServiceOverview {

    @Inject
    UsageLog usage;

    @Inject
    UserRepository users;

    @Inject
    MetricRegistry metrics;

    Clock clock = Clock.systemUTC();

    /** A user's share of the usage, by username (the id when the account is gone). */
    public record UserUsage(String userId, String username, long requests, long tokens) {
    }

    /** A failed request with the name of who sent it. */
    public record FailedRequest(UsageEntry entry, String username) {
    }

    public UsageTotals today() {
        return usage.totalsSince(startOfToday());
    }

    public UsageTotals thisMonth() {
        return usage.totalsSince(startOfToday().withDayOfMonth(1));
    }

    public List<UserUsage> busiestUsersThisMonth(int max) {
        return usage.busiestUsers(startOfToday().withDayOfMonth(1), max).stream()
                .map(r -> new UserUsage(r.key(), username(r.key()), r.requests(), r.tokens())).toList();
    }

    public List<UsageRanking> busiestModelsThisMonth(int max) {
        return usage.busiestModels(startOfToday().withDayOfMonth(1), max);
    }

    public List<FailedRequest> recentErrors(int max) {
        return usage.recentErrors(max).stream().map(e -> new FailedRequest(e, username(e.userId()))).toList();
    }

    /** Requests and tokens of every UTC day of the last {@code days} days, today included, oldest first. */
    public List<UsageRanking> lastDays(int days) {
        return UsageSeries.everyDay(usage.perDay(null, today(days), null), today(days), LocalDate.now(clock));
    }

    /** Like {@link #lastDays}, for one user. */
    public List<UsageRanking> lastDaysOf(String userId, int days) {
        return UsageSeries.everyDay(usage.perDay(userId, today(days), null), today(days), LocalDate.now(clock));
    }

    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public CacheStatistics cache() {
        long hard = 0;
        long soft = 0;
        for (Map.Entry<MetricID, Counter> hit : metrics.getCounters((id, m) -> id.getName().equals("moe_cache_hits")).entrySet()) {
            String type = hit.getKey().getTags().getOrDefault("type", "");
            if (type.equals("hard")) {
                hard += hit.getValue().getCount();
            } else {
                soft += hit.getValue().getCount();
            }
        }
        long misses = metrics.getCounters((id, m) -> id.getName().equals("moe_cache_misses")).values().stream()
                .mapToLong(Counter::getCount).sum();
        return new CacheStatistics(hard, soft, misses);
    }

    private LocalDate today(int days) {
        return LocalDate.now(clock).minusDays(days - 1L);
    }

    private OffsetDateTime startOfToday() {
        return LocalDate.now(clock).atStartOfDay().atOffset(ZoneOffset.UTC);
    }

    private String username(String userId) {
        return users.find(userId).map(UserAccount::username).orElse(userId);
    }
}
