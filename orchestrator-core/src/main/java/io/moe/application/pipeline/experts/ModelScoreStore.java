package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.experts.ModelScores.Score;

import java.time.LocalDate;
import java.util.List;

/**
 * The rating counters behind {@link ModelScores}, per model and category, and each voter's votes per
 * model, category and UTC day. Every method fails with a runtime exception when the store cannot be
 * reached.
 */
public interface ModelScoreStore {

    /** Each model's counters in the category, in the order given, read in one step; all 0 for a model without any. */
    List<Score> counts(List<String> models, String category);

    /** The model's counters in the category; all 0 when it has none. */
    default Score counts(String model, String category) {
        return counts(List.of(model), category).get(0);
    }

    /**
     * Counts one rating of {@code voter} on {@code day}, unless that voter already cast {@code votesPerDay}
     * for the model and category that day; true when it counted. Check and count are one atomic step.
     */
    boolean vote(String voter, String model, String category, boolean positive, LocalDate day, int votesPerDay);
}
