package io.moe.application.pipeline;

import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Model performance per model and category (spec: feedback): total, positive and negative counters in
 * the Redis hash {@code moe:model-score:<model>}; score = (positive + 1) / (total + 2), and 0.5 while a
 * model has fewer than 5 ratings.
 */
@ApplicationScoped
public class ModelScores {

    static final int MIN_RATINGS = 5;
    static final double MIN_SCORE = 0.3;
    private static final Logger LOG = Logger.getLogger(ModelScores.class.getName());

    @Inject
    RedisStore redis;

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

    public void rate(String model, String category, boolean positive) {
        redis.hashIncrement(key(model), category + ":total", 1);
        redis.hashIncrement(key(model), category + (positive ? ":positive" : ":negative"), 1);
    }

    private static String key(String model) {
        return "moe:model-score:" + model;
    }

    private static long number(Map<String, String> h, String field) {
        String v = h.get(field);
        return v == null ? 0 : Long.parseLong(v);
    }
}
