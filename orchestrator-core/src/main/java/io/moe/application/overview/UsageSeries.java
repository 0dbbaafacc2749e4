package io.moe.application.overview;

import io.moe.domain.identity.UsageRanking;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Turns per-day sums, which skip quiet days, into one entry for every day of a range, so a chart has no gaps. */
final class UsageSeries {

    private UsageSeries() {
    }

    static List<UsageRanking> everyDay(List<UsageRanking> sums, LocalDate from, LocalDate to) {
        Map<String, UsageRanking> byDay = sums.stream().collect(Collectors.toMap(UsageRanking::key, Function.identity(), (a, b) -> a));
        List<UsageRanking> days = new ArrayList<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.add(byDay.getOrDefault(day.toString(), new UsageRanking(day.toString(), 0, 0)));
        }
        return days;
    }
}
