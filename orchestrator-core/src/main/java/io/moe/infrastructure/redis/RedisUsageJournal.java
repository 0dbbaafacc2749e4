package io.moe.infrastructure.redis;

import io.moe.application.spend.UsageJournal;
import io.moe.domain.identity.UsageEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;

/**
 * The usage journal as the Redis stream {@value #STREAM}, read by the consumer group {@value #GROUP} (one consumer per
 * node): an entry stays pending until its reader acknowledges it, and is then deleted, so the stream holds only rows not
 * yet in the usage log. Rows are added by {@link RedisAdmissionCounters#release}, at most {@value #LIMIT} at a time (a
 * full journal refuses a row rather than dropping an older one).
 */
@ApplicationScoped
public class RedisUsageJournal implements UsageJournal {

    static final String STREAM = "moe:usage-journal";
    static final String GROUP = "usage-writers";
    static final long LIMIT = 500_000;
    /** KEYS: the journal; ARGV: the row, the journal's limit. 1 when the row was added, 0 when the journal was full. */
    private static final String APPEND = """
            if redis.call('XLEN', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
            redis.call('XADD', KEYS[1], '*', 'row', ARGV[1])
            return 1
            """;
    /** A reader that held nothing for this long is forgotten (the name of a node that stopped). */
    static final Duration FORGET_READERS_AFTER = Duration.ofHours(1);

    @Inject
    RedisStore redis;

    /** The stream (another in tests). */
    String stream = STREAM;

    @Override
    public List<Entry> readNew(String reader, int max, Duration wait) {
        return entries(redis.readGroup(stream, GROUP, reader, max, wait, false));
    }

    @Override
    public List<Entry> readUnacknowledged(String reader, int max) {
        return entries(redis.readGroup(stream, GROUP, reader, max, Duration.ZERO, true));
    }

    @Override
    public List<Entry> takeOver(String reader, Duration idle, int max) {
        return entries(redis.claimIdle(stream, GROUP, reader, idle, max, FORGET_READERS_AFTER));
    }

    @Override
    public void acknowledge(List<String> journalIds) {
        redis.acknowledge(stream, GROUP, journalIds);
    }

    @Override
    public boolean append(UsageEntry row) {
        return Long.valueOf(1).equals(redis.eval(APPEND, List.of(stream), List.of(UsageRowJson.write(row), String.valueOf(LIMIT))));
    }

    /** The entries with a row; an entry without one (deleted meanwhile) is acknowledged so it does not come back. */
    private List<Entry> entries(List<RedisStore.StreamItem> items) {
        List<String> empty = items.stream().filter(item -> item.fields().get("row") == null).map(RedisStore.StreamItem::id).toList();
        if (!empty.isEmpty()) {
            redis.acknowledge(stream, GROUP, empty);
        }
        return items.stream().filter(item -> item.fields().get("row") != null)
                .map(item -> new Entry(item.id(), UsageRowJson.read(item.fields().get("row")))).toList();
    }
}
