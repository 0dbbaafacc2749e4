package io.moe.infrastructure.redis;

import io.moe.application.pipeline.experts.ModelScoreStore;
import io.moe.application.pipeline.experts.ModelScores.Score;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

/**
 * Model ratings in Redis: the hash {@code moe:model-score:<model>} with the fields
 * {@code <category>:total|positive|negative}, and one expiring counter per voter, day, model and category
 * ({@code moe:model-vote:<day>:<voter>:<model>|<category>}). A vote is one Lua script.
 */
@ApplicationScoped
public class RedisModelScoreStore implements ModelScoreStore {

    /** A vote counter is kept a little past the end of the UTC day it counts, then expires. */
    static final Duration VOTE_KEPT = Duration.ofDays(2);
    /** KEYS: the voter's counter of the day, the model's hash; ARGV: limit, counter TTL, the two fields. */
    private static final String VOTE = """
            local n = redis.call('INCR', KEYS[1])
            if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
            if n > tonumber(ARGV[1]) then return 0 end
            redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
            redis.call('HINCRBY', KEYS[2], ARGV[4], 1)
            return 1""";

    @Inject
    RedisStore redis;

    @Override
    public List<Score> counts(List<String> models, String category) {
        List<List<String>> fields = redis.hashFields(models.stream().map(RedisModelScoreStore::key).toList(),
                category + ":total", category + ":positive", category + ":negative");
        return fields.stream().map(f -> new Score(number(f.get(0)), number(f.get(1)), number(f.get(2)))).toList();
    }

    @Override
    public boolean vote(String voter, String model, String category, boolean positive, LocalDate day, int votesPerDay) {
        Object counted = redis.eval(VOTE, List.of(voteKey(day, voter, model, category), key(model)),
                List.of(String.valueOf(votesPerDay), String.valueOf(VOTE_KEPT.toSeconds()),
                        category + ":total", category + (positive ? ":positive" : ":negative")));
        return Long.valueOf(1).equals(counted);
    }

    private static String voteKey(LocalDate day, String voter, String model, String category) {
        return "moe:model-vote:" + day + ":" + voter + ":" + model + "|" + category;
    }

    private static String key(String model) {
        return "moe:model-score:" + model;
    }

    private static long number(String value) {
        return value == null ? 0 : Long.parseLong(value);
    }
}
