package io.moe.application.pipeline;

import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Model performance per model and category (spec: feedback): total, positive and negative counters in
 * the Redis hash {@code moe:model-score:<model>}; score = (positive + 1) / (total + 2), and 0.5 while a
 * model has fewer than 5 ratings. Scores are shared by all users, so one user's ratings count at most
 * {@code moe.learning.score-votes-per-day} times (default 1) per model, category and UTC day: a single
 * user cannot rate a model into being skipped for everyone.
 */
@ApplicationScoped
public class ModelScores {

    static final int MIN_RATINGS = 5;
    static final double MIN_SCORE = 0.3;
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
    private static final Logger LOG = Logger.getLogger(ModelScores.class.getName());

    @Inject
    RedisStore redis;

    /** Ratings of one user that count per model, category and UTC day. */
    @Inject
    @ConfigProperty(name = "moe.learning.score-votes-per-day")
    int votesPerDay;

    /** A model's standing in a category. */
    public record Score(long total, long positive, long negative) {

        public double value() {
            return total < MIN_RATINGS ? 0.5 : (positive + 1.0) / (total + 2.0);
        }

        /** True when the model has at least 5 ratings and a score below 0.3. */
        public boolean skipped() {
            return total >= MIN_RATINGS && value() < MIN_SCORE;
        }
    }

    public Score of(String model, String category) {
        try {
            Map<String, String> h = redis.hash(key(model));
            return new Score(number(h, category + ":total"), number(h, category + ":positive"), number(h, category + ":negative"));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "model scores unavailable", e);
            return new Score(0, 0, 0);
        }
    }

    /**
     * Counts one rating of {@code voter} for the model in the category, unless that user's votes for them
     * today (UTC) are used up; true when it counted. The check and the counting are one atomic script, so
     * parallel ratings cannot slip past the limit. Fails (Redis unreachable) with the exception.
     */
    public boolean rate(String model, String category, boolean positive, String voter) {
        String day = LocalDate.now(ZoneOffset.UTC).toString();
        Object counted = redis.eval(VOTE, List.of(voteKey(day, voter, model, category), key(model)),
                List.of(String.valueOf(votesPerDay), String.valueOf(VOTE_KEPT.toSeconds()),
                        category + ":total", category + (positive ? ":positive" : ":negative")));
        return Long.valueOf(1).equals(counted);
    }

    private static String voteKey(String day, String voter, String model, String category) {
        return "moe:model-vote:" + day + ":" + voter + ":" + model + "|" + category;
    }

    private static String key(String model) {
        return "moe:model-score:" + model;
    }

    private static long number(Map<String, String> h, String field) {
        String v = h.get(field);
        return v == null ? 0 : Long.parseLong(v);
    }
}
