package io.moe.application.tracing;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A warning repeated by every request is logged once per interval, the next one counting what was held back. */
class ThrottledWarningTest {

    private final List<LogRecord> logged = new ArrayList<>();
    private final Logger log = Logger.getLogger("throttled-" + System.nanoTime());

    ThrottledWarningTest() {
        log.setUseParentHandlers(false);
        log.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
    }

    @Test
    void aWarningIsLoggedOncePerIntervalAndTheNextOneSaysHowManyWereHeldBack() {
        AtomicLong now = new AtomicLong(-5_000_000_000L); // nanoTime may be negative
        ThrottledWarning warning = new ThrottledWarning(log, Duration.ofSeconds(10), now::get);
        for (int i = 1; i <= 5; i++) {
            int request = i;
            warning.warn(() -> "counters down for request " + request);
            now.addAndGet(1_000_000_000L);
        }
        assertEquals(List.of("counters down for request 1"), messages());
        assertEquals(Level.WARNING, logged.get(0).getLevel());

        now.addAndGet(5_000_000_000L); // 10 s after the first
        warning.warn(() -> "counters down for request 6");
        warning.warn(() -> "counters down for request 7");
        assertEquals(List.of("counters down for request 1",
                "counters down for request 6 (and 4 more like it in the last 10 s, not logged)"), messages());

        now.addAndGet(10_000_000_000L);
        warning.warn(() -> "counters down for request 8");
        assertEquals("counters down for request 8 (and 1 more like it in the last 10 s, not logged)", messages().get(2));
    }

    private List<String> messages() {
        return logged.stream().map(LogRecord::getMessage).toList();
    }
}
