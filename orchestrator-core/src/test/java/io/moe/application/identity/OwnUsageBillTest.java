package io.moe.application.identity;

import io.moe.domain.identity.UsageLog;
import io.moe.domain.identity.UsagePeriod;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The portal's billing: one line per UTC month of the last year, months without requests too. */
class OwnUsageBillTest {

    @Test
    void everyMonthOfTheWindowHasALineNewestFirstAndAQuietMonthReadsZero() {
        OwnUsage own = new OwnUsage();
        own.clock = Clock.fixed(Instant.parse("2026-11-20T12:00:00Z"), ZoneOffset.UTC);
        own.pricePerToken = new BigDecimal("0.00002");
        own.usage = (UsageLog) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{UsageLog.class}, (proxy, method, args) -> {
            if (method.getName().equals("perMonth")) {
                assertEquals("2025-12-01", args[1].toString(), "asked from the first day of the window");
                return List.of(new UsagePeriod("2026-09", 3, 300, 600), new UsagePeriod("2026-11", 1, 100, 100));
            }
            throw new UnsupportedOperationException(method.getName());
        });

        List<OwnUsage.Bill> bills = own.bill("u1", 12);

        assertEquals(12, bills.size());
        assertEquals(List.of("2026-11", "2026-10", "2026-09"), bills.subList(0, 3).stream().map(OwnUsage.Bill::month).toList());
        assertEquals(0, bills.get(1).requests(), "October had no request and still has its line");
        assertEquals(new BigDecimal("0.01200"), bills.get(2).amount(), "600 counted tokens × 0.00002");
        assertEquals("2025-12", bills.get(11).month());
    }
}
