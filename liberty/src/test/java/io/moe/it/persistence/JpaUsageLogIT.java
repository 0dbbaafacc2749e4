package io.moe.it.persistence;

import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import io.moe.domain.shared.Ids;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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
    void recentEntriesComeNewestFirstAndTotalsArePerStatus() {
        UsageEntry oldest = entry("ok", 10, 5, 3);
        UsageEntry middle = entry("error", 7, 0, 2);
        UsageEntry newest = entry("ok", 20, 8, 1);
        List.of(oldest, middle, newest).forEach(e -> tx.run(() -> log.append(e)));

        assertEquals(List.of(newest.id(), middle.id()), log.recent(owner.id(), 2).stream().map(UsageEntry::id).toList());
        Map<Object, List<Object>> totals = new TreeMap<>();
        log.totals(owner.id()).forEach(row -> totals.put(row[0], Arrays.stream(row).skip(1).map(n -> ((Number) n).longValue())
                .map(Object.class::cast).toList()));
        assertEquals(Map.of("ok", List.of(2L, 30L, 13L, 43L), "error", List.of(1L, 7L, 0L, 7L)), totals);
    }

    private UsageEntry entry(String status, long prompt, long completion, int minutesAgo) {
        return new UsageEntry(owner.id(), null, "req-" + UUID.randomUUID(), "sim-model", "default", prompt, completion, status,
                Ids.nowUtc().minusMinutes(minutesAgo));
    }
}
