package io.moe.application.pipeline.after;

import jakarta.json.JsonObject;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The metadata of each answer, kept 7 days by response id (spec: feedback and response metadata), and
 * the state of its rating. Every method fails with a runtime exception when the store cannot be reached.
 */
public interface ResponseRecords {

    /** The rating step that notes the rating itself (1 to 5), first of all: a rating sent again must be the same. */
    String RATING_STEP = "rating";

    /** Where a rating of a response stands when one more is asked for. */
    enum RatingStart {
        /** This caller now applies the rating (for at most the hold it asked for). */
        BEGUN,
        /** Another request is applying a rating of the response right now. */
        IN_PROGRESS,
        /** The response was rated. */
        RATED
    }

    /** Keeps the metadata of a response for 7 days, replacing any kept before. */
    void put(String responseId, JsonObject metadata);

    Optional<JsonObject> find(String responseId);

    /**
     * Takes the response's rating for {@code hold} unless it is rated or held by another request. Atomic: of
     * parallel callers, one begins.
     */
    RatingStart beginRating(String responseId, Duration hold);

    /** Marks the rating begun here as done (for 7 days): the response takes no more ratings. */
    void finishRating(String responseId);

    /** Gives a rating begun here back unfinished, so that it can be sent again at once. */
    void abandonRating(String responseId);

    /** The effects of the response's rating applied so far, by name, with what each reported. */
    Map<String, String> ratingSteps(String responseId);

    /** The rating (1 to 5) given to the response, noted first of its steps; empty when none was given. */
    default java.util.OptionalInt rating(String responseId) {
        String rating = ratingSteps(responseId).get(RATING_STEP);
        return rating == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(Integer.parseInt(rating));
    }

    /** Notes that the effect {@code step} of the response's rating is applied and reported {@code result}. */
    void ratingStepDone(String responseId, String step, String result);
}
