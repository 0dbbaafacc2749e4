package io.moe.application.identity;

import io.moe.application.shared.UnitOfWork;
import io.moe.application.spend.SpendControl;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.TokenBudgetRepository;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import io.moe.domain.identity.UsagePeriod;
import io.moe.domain.identity.UsageRanking;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the portal shows a user of their own consumption: the budget's limits beside the current counters,
 * the usage history with filters, sums per day and per model, and the display bill per UTC month (tokens
 * weighted by the cost factors × {@code moe.billing.display-price-per-token}; for display, no billing).
 * Every method takes the signed-in user's id; there is no way to name another user.
 */
@ApplicationScoped
@UnitOfWork
public class OwnUsage {

    private static final LocalDate FIRST_DAY = LocalDate.of(2000, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);

    /** At most this many rows of history per page view, and this many days per window. */
    public static final int MAX_ROWS = 1_000;
    public static final int MAX_DAYS = 366;

    @Inject
    UsageLog usage;

    @Inject
    TokenBudgetRepository budgets;

    @Inject
    SpendControl spend;

    @Inject
    @ConfigProperty(name = "moe.billing.display-price-per-token", defaultValue = "0.00002")
    BigDecimal pricePerToken;

    Clock clock = Clock.systemUTC();

    /** The limits (null: unlimited) and the counters [daily, monthly, total] (null when the counter store cannot be read). */
    public record Budget(Limits limits, long[] used) {
    }

    /** One month of the display bill. */
    public record Bill(String month, long requests, long tokens, long weightedTokens, BigDecimal amount) {
    }

    public Budget budget(String userId) {
        Limits limits = budgets.find(userId).map(TokenBudget::limits).orElse(Limits.NONE);
        long[] used;
        try {
            used = spend.used(userId);
        } catch (RuntimeException e) {
            used = null;
        }
        return new Budget(limits, used);
    }

    public List<UsageEntry> recent(String userId, int max) {
        return usage.recent(userId, Math.min(max, MAX_ROWS));
    }

    /** The entries of the UTC days {@code from} to {@code to} (both included), of {@code model} when it is not blank. */
    public List<UsageEntry> history(String userId, LocalDate from, LocalDate to, String model) {
        requireWindow(from, to);
        return usage.search(userId, start(from), start(to.plusDays(1)), model == null || model.isBlank() ? null : model, MAX_ROWS);
    }

    /**
     * Requests and tokens of every UTC day from {@code from} to {@code to}, days without requests as zeros; of one
     * model, or of all when {@code model} is null or blank.
     */
    public List<UsageRanking> perDay(String userId, LocalDate from, LocalDate to, String model) {
        requireWindow(from, to);
        Map<String, UsageRanking> byDay = usage.perDay(userId, from, model == null || model.isBlank() ? null : model).stream().collect(Collectors.toMap(UsageRanking::key, d -> d));
        List<UsageRanking> days = new ArrayList<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.add(byDay.getOrDefault(day.toString(), new UsageRanking(day.toString(), 0, 0)));
        }
        return days;
    }

    public List<UsageRanking> perModel(String userId, LocalDate from, LocalDate to) {
        requireWindow(from, to);
        return usage.perModel(userId, start(from), start(to.plusDays(1)));
    }

    /** The display bill of each of the last {@code months} UTC months (this one included), newest first; a month without requests as zeros. */
    public List<Bill> bill(String userId, int months) {
        java.time.YearMonth now = java.time.YearMonth.now(clock);
        java.time.YearMonth first = now.minusMonths(Math.max(0, months - 1));
        Map<String, UsagePeriod> byMonth = usage.perMonth(userId, first.atDay(1)).stream()
                .collect(Collectors.toMap(UsagePeriod::period, p -> p, (a, b) -> a));
        List<Bill> bills = new ArrayList<>();
        for (java.time.YearMonth month = now; !month.isBefore(first); month = month.minusMonths(1)) {
            UsagePeriod p = byMonth.get(month.toString());
            bills.add(p == null ? new Bill(month.toString(), 0, 0, 0, BigDecimal.ZERO) : new Bill(p.period(), p.requests(), p.tokens(),
                    p.weightedTokens(), pricePerToken.multiply(BigDecimal.valueOf(p.weightedTokens()))));
        }
        return bills;
    }

    public BigDecimal pricePerToken() {
        return pricePerToken;
    }

    public LocalDate today() {
        return LocalDate.now(clock);
    }

    private static OffsetDateTime start(LocalDate day) {
        return day.atStartOfDay().atOffset(ZoneOffset.UTC);
    }

    private static void requireWindow(LocalDate from, LocalDate to) {
        if (from == null || to == null) {
            throw IdentityException.invalid(from == null ? "from" : "to", "choose the first and the last day");
        }
        for (LocalDate day : new LocalDate[]{from, to}) { // a far date (year 999999999) would overflow the day after it
            if (day.isBefore(FIRST_DAY) || day.isAfter(LAST_DAY)) {
                throw IdentityException.invalid(day == from ? "from" : "to", "choose a day from " + FIRST_DAY + " to " + LAST_DAY);
            }
        }
        if (to.isBefore(from)) {
            throw IdentityException.invalid("to", "the last day lies before the first");
        }
        if (from.plusDays(MAX_DAYS).isBefore(to)) {
            throw new IdentityException(Kind.INVALID, "invalid_window", "from", "choose at most " + MAX_DAYS + " days");
        }
    }
}
