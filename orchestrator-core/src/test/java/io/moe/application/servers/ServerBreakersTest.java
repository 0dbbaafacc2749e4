package io.moe.application.servers;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server failing five times in a row is left alone, then tried once; a refusal of one request is no failure. */
class ServerBreakersTest {

    @Test
    void fiveFailuresInARowOpenTheBreakerAndOneTrialClosesIt() {
        ServerBreakers breakers = new ServerBreakers(Duration.ZERO);
        for (int i = 0; i < ServerBreakers.FAILURES_TO_OPEN - 1; i++) {
            breakers.failed("gpu1");
        }
        breakers.succeeded("gpu1");
        breakers.failed("gpu1");
        assertEquals(ServerBreakers.State.CLOSED, breakers.state("gpu1"), "a success in between starts the count again");
        for (int i = 0; i < ServerBreakers.FAILURES_TO_OPEN; i++) {
            breakers.failed("gpu1");
        }
        assertEquals(ServerBreakers.State.HALF_OPEN, breakers.state("gpu1"), "open (no probe says otherwise), and (window 0) ready for a trial");
        assertTrue(breakers.allows("gpu1"), "one trial call");
        assertFalse(breakers.allows("gpu1"), "only one while it is out");
        breakers.succeeded("gpu1");
        assertEquals(ServerBreakers.State.CLOSED, breakers.state("gpu1"));
        assertTrue(breakers.allows("gpu2"), "other servers are not affected");
    }

    @Test
    void aFailedTrialOpensItAgainAndAnUntriedOneLetsTheNextTry() {
        ServerBreakers breakers = new ServerBreakers(Duration.ofHours(1));
        for (int i = 0; i < ServerBreakers.FAILURES_TO_OPEN; i++) {
            breakers.failed("gpu1");
        }
        assertEquals(ServerBreakers.State.OPEN, breakers.state("gpu1"));
        assertFalse(breakers.allows("gpu1"), "open: no call for an hour");
        assertTrue(breakers.secondsOpen("gpu1") > 3000);

        ServerBreakers quick = new ServerBreakers(Duration.ZERO);
        for (int i = 0; i < ServerBreakers.FAILURES_TO_OPEN; i++) {
            quick.failed("gpu1");
        }
        assertTrue(quick.allows("gpu1"));
        quick.untried("gpu1");
        assertTrue(quick.allows("gpu1"), "a trial that never went out does not block the next");
        quick.failed("gpu1");
        assertFalse(quick.allows("gpu1") && quick.allows("gpu1"), "the failed trial opened it again");
    }
}
