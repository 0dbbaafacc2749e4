package io.moe.infrastructure.redis;

import io.moe.application.pipeline.graph.GraphFactCache;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Graph facts in Redis as a JSON array under {@code moe:graph-context:<digest>}, expiring after one hour. */
@ApplicationScoped
public class RedisGraphFactCache implements GraphFactCache {

    static final Duration TTL = Duration.ofHours(1);

    @Inject
    RedisStore redis;

    @Override
    public Optional<List<GraphFact>> find(String questionDigest) {
        return redis.get(key(questionDigest)).map(RedisGraphFactCache::parse);
    }

    @Override
    public void put(String questionDigest, List<GraphFact> facts) {
        JsonArrayBuilder a = Jsonp.createArrayBuilder();
        facts.forEach(f -> a.add(Jsonp.createObjectBuilder().add("id", f.id()).add("s", f.subject()).add("p", f.predicate())
                .add("o", f.object()).add("trust", f.trust())));
        redis.put(key(questionDigest), a.build().toString(), TTL);
    }

    private static List<GraphFact> parse(String json) {
        return Jsonp.readArray(json).getValuesAs(JsonObject.class).stream()
                .map(o -> new GraphFact(o.getString("id"), o.getString("s"), o.getString("p"), o.getString("o"),
                        o.getJsonNumber("trust").doubleValue()))
                .toList();
    }

    private static String key(String questionDigest) {
        return "moe:graph-context:" + questionDigest;
    }
}
