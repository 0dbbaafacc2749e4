package io.moe.infrastructure.redis;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The counters' keys: the UTC day as yyyyMMdd and month as yyyyMM, so a user's counters roll over at midnight UTC. */
class RedisBudgetCountersKeysTest {

    @Test
    void theDayAndTheMonthAreTheUtcDatesDigits() {
        assertEquals(List.of("moe:usage:u1:d:20261127", "moe:usage:u1:m:202611", "moe:usage:u1:t"),
                RedisBudgetCounters.keys("u1", Instant.parse("2026-11-27T23:59:59.999Z")));
        assertEquals(List.of("moe:usage:u1:d:20270101", "moe:usage:u1:m:202701", "moe:usage:u1:t"),
                RedisBudgetCounters.keys("u1", Instant.parse("2027-01-01T00:00:00Z")));
        assertEquals("moe:usage:u1:d:20300305", RedisBudgetCounters.keys("u1", Instant.parse("2030-03-05T12:00:00+05:00")).get(0),
                "07:00 UTC of the same day");
    }
}
