package io.moe.infrastructure.redis;

import io.moe.application.spend.BudgetCounters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Budget counters as plain Redis counters: {@code moe:usage:<user>:d:<yyyyMMdd>} (kept 48 h),
 * {@code moe:usage:<user>:m:<yyyyMM>} (kept 35 days) and {@code moe:usage:<user>:t} (kept forever), dates
 * in UTC. Reservations and settlements change them in {@link RedisAdmissionCounters}.
 */
@ApplicationScoped
public class RedisBudgetCounters implements BudgetCounters {

    static final Duration DAILY_TTL = Duration.ofHours(48);
    static final Duration MONTHLY_TTL = Duration.ofDays(35);
    static final String[] TYPES = {"daily", "monthly", "total"};

    @Inject
    RedisStore redis;

    @Override
    public long[] used(String userId, Instant at) {
        List<String> keys = keys(userId, at);
        long[] used = new long[keys.size()];
        for (int i = 0; i < used.length; i++) {
            used[i] = redis.get(keys.get(i)).map(Long::parseLong).orElse(0L);
        }
        return used;
    }

    /** The day's, the month's and the total counter of the user; the dates as yyyyMMdd and yyyyMM of {@code at} in UTC. */
    static List<String> keys(String userId, Instant at) {
        String prefix = "moe:usage:" + userId;
        LocalDate day = LocalDate.ofInstant(at, ZoneOffset.UTC); // two per request: digits, not a DateTimeFormatter
        int month = day.getYear() * 100 + day.getMonthValue();
        return List.of(prefix + ":d:" + (month * 100 + day.getDayOfMonth()), prefix + ":m:" + month, prefix + ":t");
    }
}
