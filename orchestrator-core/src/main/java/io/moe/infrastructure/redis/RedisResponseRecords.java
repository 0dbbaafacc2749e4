package io.moe.infrastructure.redis;

import io.moe.application.pipeline.after.ResponseRecords;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Response metadata in Redis as JSON under {@code moe:response:<id>}; the rating's state under
 * {@code moe:feedback-given:<id>} ({@code applying} while a request holds it, then {@code 1}: rated), set only if
 * absent; the effects a rating applied so far in the hash {@code moe:feedback-steps:<id>}. All expire after 7 days
 * (a held rating after its hold).
 */
@ApplicationScoped
public class RedisResponseRecords implements ResponseRecords {

    static final Duration TTL = Duration.ofDays(7);
    private static final String APPLYING = "applying";
    private static final String RATED = "1";

    /**
     * Holds the rating unless it is held or rated, answering what held it (nil: now held here). One script, so a hold
     * that expires between the two steps cannot be read as a finished rating.
     */
    private static final String BEGIN = """
            local held = redis.call('GET', KEYS[1])
            if held then return held end
            redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            return false""";

    @Inject
    RedisStore redis;

    @Override
    public void put(String responseId, JsonObject metadata) {
        redis.put(key(responseId), metadata.toString(), TTL);
    }

    @Override
    public Optional<JsonObject> find(String responseId) {
        return redis.get(key(responseId)).map(json -> Jsonp.readObject(json));
    }

    @Override
    public RatingStart beginRating(String responseId, Duration hold) {
        Object held = redis.eval(BEGIN, List.of(ratedKey(responseId)), List.of(APPLYING, String.valueOf(hold.toMillis())));
        if (held == null) {
            return RatingStart.BEGUN;
        }
        return APPLYING.equals(held) ? RatingStart.IN_PROGRESS : RatingStart.RATED;
    }

    @Override
    public void finishRating(String responseId) {
        redis.put(ratedKey(responseId), RATED, TTL);
    }

    @Override
    public void abandonRating(String responseId) {
        redis.delete(ratedKey(responseId));
    }

    @Override
    public Map<String, String> ratingSteps(String responseId) {
        return redis.hash(stepsKey(responseId));
    }

    @Override
    public void ratingStepDone(String responseId, String step, String result) {
        redis.hashPut(stepsKey(responseId), step, result, TTL);
    }

    private static String ratedKey(String responseId) {
        return "moe:feedback-given:" + responseId;
    }

    private static String stepsKey(String responseId) {
        return "moe:feedback-steps:" + responseId;
    }

    private static String key(String responseId) {
        return "moe:response:" + responseId;
    }
}
