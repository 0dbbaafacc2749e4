package io.moe.application.pipeline.experts;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Model performance per model and category (spec: feedback): total, positive and negative counters in
 * a {@link ModelScoreStore} (Redis); score = (positive + 1) / (total + 2), and 0.5 while a
 * model has fewer than 5 ratings. Scores are shared by all users, so one user's ratings count at most
 * {@code moe.learning.score-votes-per-day} times (default 1) per model, category and UTC day: a single
 * user cannot rate a model into being skipped for everyone.
 */
@ApplicationScoped
public class ModelScores {

    static final int MIN_RATINGS = 5;
    static final double MIN_SCORE = 0.3;
    private static final Logger LOG = Logger.getLogger(ModelScores.class.getName());

    @Inject
    ModelScoreStore store;

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

    /** Each model's score in the category, read in one step; all unrated when the store cannot be asked. */
    public Map<String, Score> of(List<String> models, String category) {
        if (models.isEmpty()) {
            return Map.of();
        }
        List<Score> counts;
        try {
            counts = store.counts(models, category);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "model scores unavailable", e);
            counts = models.stream().map(m -> new Score(0, 0, 0)).toList();
        }
        Map<String, Score> scores = new HashMap<>();
        for (int i = 0; i < models.size(); i++) {
            scores.put(models.get(i), counts.get(i));
        }
        return scores;
    }

    /**
     * Counts one rating of {@code voter} for the model in the category, unless that user's votes for them
     * today (UTC) are used up; true when it counted. The check and the counting are one atomic script, so
     * parallel ratings cannot slip past the limit. Fails (store unreachable) with the exception.
     */
    public boolean rate(String model, String category, boolean positive, String voter) {
        return store.vote(voter, model, category, positive, LocalDate.now(ZoneOffset.UTC), votesPerDay);
    }
}
