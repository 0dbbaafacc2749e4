package io.moe.infrastructure.redis;

import io.moe.application.events.EventBacklog;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.Optional;

/**
 * The event backlog as the Redis list {@code moe:outbox}: each entry the JSON {@code {topic, key, event}},
 * newest at the head, taken from the tail.
 */
@ApplicationScoped
public class RedisEventBacklog implements EventBacklog {

    static final String OUTBOX = "moe:outbox";

    @Inject
    RedisStore redis;

    @Override
    public void keep(KeptEvent event, int max) {
        redis.pushCapped(OUTBOX, write(event), max);
    }

    @Override
    public Optional<KeptEvent> takeOldest() {
        return Optional.ofNullable(redis.popOldest(OUTBOX)).map(RedisEventBacklog::read);
    }

    @Override
    public void putBack(KeptEvent event) {
        redis.pushOldest(OUTBOX, write(event));
    }

    private static String write(KeptEvent e) {
        return Jsonp.createObjectBuilder().add("topic", e.topic()).add("key", e.key()).add("event", e.event()).build().toString();
    }

    private static KeptEvent read(String json) {
        JsonObject kept = Jsonp.readObject(json);
        return new KeptEvent(kept.getString("topic"), kept.getString("key"), kept.getJsonObject("event"));
    }
}
