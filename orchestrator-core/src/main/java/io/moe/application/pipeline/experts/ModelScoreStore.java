package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.experts.ModelScores.Score;

import java.time.LocalDate;

/**
 * The rating counters behind {@link ModelScores}, per model and category, and each voter's votes per
 * model, category and UTC day. Every method fails with a runtime exception when the store cannot be
 * reached.
 */
public interface ModelScoreStore {

    /** The model's counters in the category; all 0 when it has none. */
    Score counts(String model, String category);

    /**
     * Counts one rating of {@code voter} on {@code day}, unless that voter already cast {@code votesPerDay}
     * for the model and category that day; true when it counted. Check and count are one atomic step.
     */
    boolean vote(String voter, String model, String category, boolean positive, LocalDate day, int votesPerDay);
}
