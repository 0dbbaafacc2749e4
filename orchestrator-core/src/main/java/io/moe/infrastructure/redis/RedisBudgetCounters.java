package io.moe.infrastructure.redis;

import io.moe.application.spend.BudgetCounters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
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
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM").withZone(ZoneOffset.UTC);
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

    static List<String> keys(String userId, Instant at) {
        String prefix = "moe:usage:" + userId;
        return List.of(prefix + ":d:" + DAY.format(at), prefix + ":m:" + MONTH.format(at), prefix + ":t");
    }
}
