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

/**
 * Graph facts in Redis as a JSON array under {@code moe:graph-context:<digest>}, expiring after one hour, behind the
 * generation they were kept in ({@code <generation>|<array>}). {@link #forgetAll} counts the generation
 * ({@code moe:graph-context:generation}) up, so every list kept before is passed over from then on, on every node, at
 * the cost of no extra round trip: a lookup compares the two in one script. A list whose facts were read just before
 * a rating and kept just after it may still be kept in the new generation (the window is the graph query's few
 * milliseconds).
 */
@ApplicationScoped
public class RedisGraphFactCache implements GraphFactCache {

    static final Duration TTL = Duration.ofHours(1);
    static final String GENERATION = "moe:graph-context:generation";
    private static final String FIND = """
            local entry = redis.call('GET', KEYS[1])
            if not entry then return false end
            local generation = redis.call('GET', KEYS[2]) or '0'
            local bar = string.find(entry, '|', 1, true)
            if not bar or string.sub(entry, 1, bar - 1) ~= generation then return false end
            return string.sub(entry, bar + 1)""";
    private static final String PUT = """
            local generation = redis.call('GET', KEYS[2]) or '0'
            redis.call('SET', KEYS[1], generation .. '|' .. ARGV[1], 'EX', ARGV[2])
            return 1""";

    @Inject
    RedisStore redis;

    @Override
    public Optional<List<GraphFact>> find(String questionDigest) {
        Object kept = redis.eval(FIND, List.of(key(questionDigest), GENERATION), List.of());
        return kept instanceof String json ? Optional.of(parse(json)) : Optional.empty();
    }

    @Override
    public void put(String questionDigest, List<GraphFact> facts) {
        JsonArrayBuilder a = Jsonp.createArrayBuilder();
        facts.forEach(f -> a.add(Jsonp.createObjectBuilder().add("id", f.id()).add("s", f.subject()).add("p", f.predicate())
                .add("o", f.object()).add("trust", f.trust())));
        redis.eval(PUT, List.of(key(questionDigest), GENERATION), List.of(a.build().toString(), Long.toString(TTL.toSeconds())));
    }

    @Override
    public void forgetAll() {
        redis.increment(GENERATION);
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
