package io.moe.infrastructure.redis;

import io.moe.application.events.EventBacklog;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.List;
import java.util.Optional;

/**
 * The event backlog as the Redis list {@code moe:outbox}: each entry the JSON {@code {topic, key, event}},
 * newest at the head, read from the tail and removed only once the broker took it.
 */
@ApplicationScoped
public class RedisEventBacklog implements EventBacklog {

    static final String OUTBOX = "moe:outbox";
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

    @Override
    public Optional<Oldest> oldest() {
        return Optional.ofNullable(redis.oldest(OUTBOX)).map(entry -> new Oldest(read(entry), entry));
    }

    @Override
    public void sent(Oldest event) {
        redis.eval("return redis.call('LREM', KEYS[1], -1, ARGV[1])", List.of(OUTBOX), List.of(event.entry()));
    }

    private static String write(KeptEvent e) {
        return Jsonp.createObjectBuilder().add("topic", e.topic()).add("key", e.key()).add("event", e.event()).build().toString();
    }

    private static KeptEvent read(String json) {
        JsonObject kept = Jsonp.readObject(json);
        return new KeptEvent(kept.getString("topic"), kept.getString("key"), kept.getJsonObject("event"));
    }
}
