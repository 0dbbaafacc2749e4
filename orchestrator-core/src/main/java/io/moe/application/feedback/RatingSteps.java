package io.moe.application.feedback;

import io.moe.application.pipeline.after.ResponseRecords;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The effects of one response's rating, each applied at most once: what an effect reported is noted with the
 * response as soon as it is applied, so a rating sent again after a failure half-way applies only the effects still
 * missing and reports the earlier ones as they were.
 */
final class RatingSteps {

    private final ResponseRecords records;
    private final String responseId;
    private final Map<String, String> done;

    RatingSteps(ResponseRecords records, String responseId) {
        this.records = records;
        this.responseId = responseId;
        this.done = new HashMap<>(records.ratingSteps(responseId));
    }

    /** What {@code step} reported: by applying {@code effect} now, or as noted when it was applied before. */
    String once(String step, Supplier<String> effect) {
        String before = done.get(step);
        if (before != null) {
            return before;
        }
        String result = effect.get();
        records.ratingStepDone(responseId, step, result);
        done.put(step, result);
        return result;
    }

    /** {@link #once} for an effect that reports whether it changed something. */
    boolean onceTrue(String step, BooleanSupplier effect) {
        return Boolean.parseBoolean(once(step, () -> String.valueOf(effect.getAsBoolean())));
    }

    /** {@link #once} for an effect that reports how many things it changed. */
    long count(String step, LongSupplier effect) {
        return Long.parseLong(once(step, () -> String.valueOf(effect.getAsLong())));
    }
}
