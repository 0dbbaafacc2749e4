package io.moe.interfaces.portal;

import io.moe.interfaces.portal.DashboardPage.Meter;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The dashboard's budget meters. */
class DashboardPageTest {

    @Test
    void aMeterShowsTheShareOfTheLimitUsed() {
        assertEquals(25, new Meter("Today (UTC)", 250L, 1_000L).percent());
        assertEquals(100, new Meter("Today (UTC)", 1_500L, 1_000L).percent(), "at most full");
        assertEquals(0, new Meter("Today (UTC)", 250L, null).percent(), "no limit");
        assertEquals("no limit", new Meter("Today (UTC)", 250L, null).limitText());
    }

    @Test
    void aLimitOfZeroAllowsNothingSoItsMeterIsFull() {
        assertEquals(100, new Meter("Today (UTC)", 0L, 0L).percent());
        assertEquals("of 0", new Meter("Today (UTC)", 0L, 0L).limitText());
    }
}
