package io.moe.it.persistence;

import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import io.moe.domain.identity.UsagePeriod;
import io.moe.domain.identity.UsageRanking;
import io.moe.domain.shared.Ids;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code JpaUsageLog} in the container: an append-once log with the newest rows first and totals per status. */
@ExtendWith(ArquillianExtension.class)
class JpaUsageLogIT extends WithOwner {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JpaUsageLogIT.class);
    }

    @Inject
    UsageLog log;

    @Test
    void anEntryAppendedTwiceIsLoggedOnce() {
        UsageEntry entry = entry("ok", 10, 5, 0);

        tx.run(() -> log.append(entry));
        tx.run(() -> log.append(entry));

        assertEquals(List.of(entry.id()), log.recent(owner.id(), 10).stream().map(UsageEntry::id).toList());
    }

    @Test
    void aBatchRetriedAfterPartOfItWasLoggedAppendsOnlyTheRestInOneTransaction() {
        UsageEntry logged = entry("ok", 10, 5, 2);
        UsageEntry second = entry("ok", 1, 1, 1);
        UsageEntry third = entry("error", 2, 0, 0);
        tx.run(() -> log.append(logged));

        tx.run(() -> log.appendAll(List.of(logged, second, third)));

        assertEquals(List.of(third.id(), second.id(), logged.id()), log.recent(owner.id(), 10).stream().map(UsageEntry::id).toList());
    }

    @Test
    void recentEntriesComeNewestFirstAndTotalsArePerStatus() {
        UsageEntry oldest = entry("ok", 10, 5, 3);
        UsageEntry middle = entry("error", 7, 0, 2);
        UsageEntry newest = entry("ok", 20, 8, 1);
        List.of(oldest, middle, newest).forEach(e -> tx.run(() -> log.append(e)));

        assertEquals(List.of(newest.id(), middle.id()), log.recent(owner.id(), 2).stream().map(UsageEntry::id).toList());
        Map<Object, List<Object>> totals = new TreeMap<>();
        log.totals(owner.id()).forEach(row -> totals.put(row[0], Arrays.stream(row).skip(1).map(n -> ((Number) n).longValue())
                .map(Object.class::cast).toList()));
        assertEquals(Map.of("ok", List.of(2L, 30L, 13L, 43L, 43L), "error", List.of(1L, 7L, 0L, 7L, 7L)), totals,
                "per status: requests, prompt, completion, total and weighted tokens");
    }

    @Test
    void theUsersWindowIsSearchedByTimeAndModelAndSummedPerModelAndMonth() {
        OffsetDateTime now = Ids.nowUtc();
        UsageEntry lastYear = entry("alpha", now.minusMonths(13), 100);
        UsageEntry lastMonth = entry("alpha", now.minusMonths(1), 40);
        UsageEntry today = entry("beta", now.minusMinutes(1), 10);
        UsageEntry todayAlpha = entry("alpha", now.minusMinutes(2), 5);
        List.of(lastYear, lastMonth, today, todayAlpha).forEach(e -> tx.run(() -> log.append(e)));

        OffsetDateTime dayStart = now.minusDays(1);
        assertEquals(List.of(today.id(), todayAlpha.id()), log.search(owner.id(), dayStart, now.plusMinutes(1), null, 10).stream()
                .map(UsageEntry::id).toList(), "newest first, only the window");
        assertEquals(List.of(todayAlpha.id()), log.search(owner.id(), dayStart, now.plusMinutes(1), "alpha", 10).stream()
                .map(UsageEntry::id).toList(), "only the model");
        assertEquals(List.of(), log.search(owner.id(), dayStart, now.minusMinutes(3), null, 10), "the end is exclusive");
        assertEquals(List.of("beta", "alpha"), log.perModel(owner.id(), dayStart, now.plusMinutes(1)).stream().map(UsageRanking::key).toList(),
                "most tokens first");
        List<UsageRanking> alphaDays = log.perDay(owner.id(), now.toLocalDate().minusDays(1), "alpha");
        assertEquals(List.of(5L), alphaDays.stream().filter(d -> d.key().equals(todayAlpha.requestedAt().toLocalDate().toString()))
                .map(UsageRanking::tokens).toList(), "the day's tokens of that model alone: " + alphaDays);
        assertEquals(15, log.perDay(owner.id(), now.toLocalDate().minusDays(1), null).stream().mapToLong(UsageRanking::tokens).sum(),
                "of every model");

        List<UsagePeriod> months = log.perMonth(owner.id(), now.minusMonths(2).toLocalDate().withDayOfMonth(1));
        assertEquals(List.of(YearMonth.from(lastMonth.requestedAt()).toString(), YearMonth.from(now).toString()),
                months.stream().map(UsagePeriod::period).toList(), "UTC months since the day asked, oldest first");
        assertEquals(80, months.get(0).weightedTokens(), "the weighted tokens of the month");
    }

    private UsageEntry entry(String status, long prompt, long completion, int minutesAgo) {
        return new UsageEntry(owner.id(), null, "req-" + UUID.randomUUID(), "sim-model", "default", prompt, completion, status,
                Ids.nowUtc().minusMinutes(minutesAgo));
    }

    private UsageEntry entry(String model, OffsetDateTime at, long tokens) {
        return new UsageEntry(owner.id(), null, "req-" + UUID.randomUUID(), model, "default", tokens, 0, tokens * 2, "ok", at);
    }
}
