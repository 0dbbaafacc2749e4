package io.moe.infrastructure.redis;

import io.moe.application.pipeline.after.ResponseRecords;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.time.Duration;
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
        if (redis.putIfAbsent(ratedKey(responseId), APPLYING, hold)) {
            return RatingStart.BEGUN;
        }
        return redis.get(ratedKey(responseId)).filter(APPLYING::equals).isPresent() ? RatingStart.IN_PROGRESS : RatingStart.RATED;
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
