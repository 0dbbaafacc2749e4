package io.moe.infrastructure.redis;

import io.moe.application.events.EventBacklog;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The event backlog as the Redis list {@code moe:outbox}: each entry the JSON {@code {topic, key, event}},
 * newest at the head, read from the tail and removed only once the broker took it.
 */
@ApplicationScoped
public class RedisEventBacklog implements EventBacklog {

    static final String OUTBOX = "moe:outbox";
    /** Unreadable entries dropped in one call at most. */
    private static final int MAX_UNREADABLE = 100;
    private static final Logger LOG = Logger.getLogger(RedisEventBacklog.class.getName());
    /** KEYS: the outbox; ARGV: the entry, the most kept. 1 when kept, 0 when full. */
    private static final String KEEP_UNLESS_FULL = """
            if redis.call('LLEN', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
            redis.call('LPUSH', KEYS[1], ARGV[1])
            return 1
            """;

    @Inject
    RedisStore redis;

    @Override
    public boolean keep(KeptEvent event, int max) {
        return Long.valueOf(1).equals(redis.eval(KEEP_UNLESS_FULL, List.of(OUTBOX), List.of(write(event), String.valueOf(max))));
    }

    /** The oldest entry that can be read; one that cannot (written by another version, damaged) is dropped, with a warning. */
    @Override
    public Optional<Oldest> oldest() {
        for (int dropped = 0; dropped < MAX_UNREADABLE; dropped++) {
            String entry = redis.oldest(OUTBOX);
            if (entry == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Oldest(read(entry), entry));
            } catch (RuntimeException unreadable) {
                LOG.warning(() -> "An event in " + OUTBOX + " that cannot be read was dropped (" + unreadable.getMessage() + "): "
                        + (entry.length() > 300 ? entry.substring(0, 300) + "…" : entry));
                remove(entry);
            }
        }
        return Optional.empty(); // the next round goes on
    }

    @Override
    public void sent(Oldest event) {
        remove(event.entry());
    }

    private void remove(String entry) {
        redis.eval("return redis.call('LREM', KEYS[1], -1, ARGV[1])", List.of(OUTBOX), List.of(entry));
    }

    private static String write(KeptEvent e) {
        return Jsonp.createObjectBuilder().add("topic", e.topic()).add("key", e.key()).add("event", e.event()).build().toString();
    }

    private static KeptEvent read(String json) {
        JsonObject kept = Jsonp.readObject(json);
        return new KeptEvent(kept.getString("topic"), kept.getString("key"), kept.getJsonObject("event"));
    }
}
