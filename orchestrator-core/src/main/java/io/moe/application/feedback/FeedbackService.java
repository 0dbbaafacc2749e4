package io.moe.application.feedback;

import io.moe.domain.shared.PlainText;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.pipeline.trace.ResponseRecord;
import io.moe.application.events.EventOutbox;
import io.moe.application.pipeline.experts.ErrorExamples;
import io.moe.application.pipeline.plan.LearnedPatterns;
import io.moe.application.pipeline.experts.ModelScores;
import io.moe.application.pipeline.after.AfterAnswer;
import io.moe.application.pipeline.after.ResponseRecords;
import io.moe.application.pipeline.after.ResponseStore;
import io.moe.application.pipeline.cache.SemanticCache;
import io.moe.domain.identity.Caller;
import io.moe.application.pipeline.graph.GraphFactCache;
import io.moe.domain.pipeline.KnowledgeGraph;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * POST /v1/feedback (spec: feedback effects). Only the key that received a response may rate it, once.
 * Ratings 1 and 2 lower the scores of the models that answered, flag the cached answer and the graph
 * relations the answer used, and keep a numeric correction as an error example; 3 changes nothing; 4
 * and 5 raise the scores, verify the relations and store the plan's category pattern. Every rating is
 * published on moe.feedback. What one user teaches stays tenant-safe: a score moves by at most the
 * user's daily votes ({@link ModelScores}), and a correction is pending, shown only to that user's
 * experts until an admin approves it ({@link ErrorExamples}).
 */
@ApplicationScoped
public class FeedbackService {

    /** Most characters of a rating's correction. */
    public static final int MAX_CORRECTION = 4000;

    static final int MAX_RESPONSE_ID = 64;

    static final Pattern NUMBER = Pattern.compile("\\d");
    static final int EXCERPT = 300;
    static final Duration CACHE_WAIT = Duration.ofSeconds(5);
    static final Duration CACHE_POLL = Duration.ofMillis(25);
    /** The longest a rating holds its response while applied (longer than its slowest store's bound). */
    static final Duration HOLD = Duration.ofSeconds(60);
    private static final Logger LOG = Logger.getLogger(FeedbackService.class.getName());

    @Inject
    ResponseStore responses;

    @Inject
    ResponseRecords records;

    @Inject
    ModelScores scores;

    @Inject
    SemanticCache cache;

    @Inject
    KnowledgeGraph graph;

    @Inject
    GraphFactCache factLists;

    @Inject
    LearnedPatterns patterns;

    @Inject
    ErrorExamples errors;

    @Inject
    EventOutbox events;

    /**
     * Applies a rating and returns what it changed. The rating counts once it is applied completely: while it is
     * applied the response is held for this request ({@link #HOLD}); a failure half-way gives the response back
     * unrated (503), and sending the rating again applies only the effects still missing ({@link RatingSteps}).
     */
    public JsonObject rate(Caller caller, String responseId, int rating, String correction) {
        requireResponseId(responseId);
        if (correction != null && correction.length() > MAX_CORRECTION) { // every way in: the API and the portal's form
            throw new FeedbackException(Kind.INVALID, "invalid_value", "correction",
                    "'correction' is limited to " + MAX_CORRECTION + " characters");
        }
        ResponseRecord meta = settled(responseId).map(ResponseRecord::fromJson)
                .filter(m -> m.receivedBy(caller.userId(), caller.apiKeyId())).orElseThrow(() ->
                new FeedbackException(Kind.NOT_FOUND, "response_not_found", "no response '" + responseId
                        + "' of this key is known; feedback is taken for 7 days by the key that received the answer"));
        switch (records.beginRating(responseId, HOLD)) {
            case RATED -> throw new FeedbackException(Kind.CONFLICT, "feedback_exists",
                    "response '" + responseId + "' was already rated; one rating per response counts");
            case IN_PROGRESS -> throw new FeedbackException(Kind.CONFLICT, "feedback_in_progress",
                    "a rating of response '" + responseId + "' is being applied right now; one rating per response counts");
            case BEGUN -> {
            }
        }
        try {
            JsonObject result = apply(caller, meta, rating, correction, new RatingSteps(records, responseId));
            records.finishRating(responseId);
            return result;
        } catch (RuntimeException e) {
            giveBack(responseId);
            if (e instanceof FeedbackException refused) {
                throw refused;
            }
            LOG.log(Level.WARNING, "Rating of " + responseId + " not applied completely", e);
            throw new FeedbackException(Kind.UNAVAILABLE, "feedback_not_applied", "the rating of response '" + responseId
                    + "' could not be applied completely (a store did not answer) and is not recorded; send it again"
                    + " later: the effects already applied are not repeated");
        }
    }

    /** The rating's effects (spec: feedback effects), each once; what they changed. */
    private JsonObject apply(Caller caller, ResponseRecord meta, int rating, String correction, RatingSteps steps) {
        String responseId = meta.responseId();
        String begun = steps.once(ResponseRecords.RATING_STEP, () -> String.valueOf(rating));
        if (!begun.equals(String.valueOf(rating))) {
            throw new FeedbackException(Kind.CONFLICT, "feedback_differs", "a rating of " + begun + " was begun for response '"
                    + responseId + "' and not finished; send rating " + begun + " again to finish it");
        }
        JsonObjectBuilder effects = Jsonp.createObjectBuilder();
        if (rating <= 2 || rating >= 4) {
            boolean positive = rating >= 4;
            Set<String> rated = new LinkedHashSet<>();
            int counted = 0;
            for (ResponseRecord.RatedExpert expert : meta.experts()) {
                String model = expert.model();
                String category = expert.category();
                if (rated.add(model + "|" + category) && steps.onceTrue("score:" + model + "|" + category,
                        () -> scores.rate(model, category, positive, caller.userId()))) {
                    counted++;
                }
            }
            effects.add("model_scores", counted).add("model_votes_already_counted_today", rated.size() - counted);
            List<String> relations = meta.graphRelations();
            long changed = relations.isEmpty() ? 0
                    : steps.count("graph", () -> positive ? graph.verify(relations) : graph.flag(relations));
            effects.add(positive ? "graph_relations_verified" : "graph_relations_flagged", changed);
            long extracted = steps.count("graph-extracted", () -> markExtracted(meta.responseId(), positive));
            String extractedEffect = positive ? "graph_relations_from_answer_verified" : "graph_relations_from_answer_flagged";
            if (extracted >= 0) {
                effects.add(extractedEffect, extracted);
            } else {
                effects.addNull(extractedEffect);
            }
            if (changed + Math.max(0, extracted) > 0) {
                factLists.forgetAllAfter("a rating"); // a kept list may hold a fact flagged now
            }
            if (positive) {
                String pattern = meta.pattern();
                if (!pattern.isEmpty()) {
                    steps.once("pattern", () -> {
                        patterns.success(pattern);
                        return pattern;
                    });
                    effects.add("planner_pattern", pattern);
                }
            } else {
                String entry = meta.cacheEntry();
                effects.add("cache_entry_flagged", entry != null && steps.onceTrue("cache", () -> cache.flag(entry)));
                if (correction != null && NUMBER.matcher(correction).find()) {
                    String example = "Question: " + excerpt(meta.query()) + "\nWrong answer: "
                            + excerpt(meta.answer()) + "\nCorrection: " + excerpt(correction);
                    String id = steps.once("correction", () -> errors.add(caller.userId(), meta.categories(), example));
                    effects.add("error_example_stored", true).add("correction", Jsonp.createObjectBuilder()
                            .add("id", id).add("status", ErrorExamples.PENDING));
                }
            }
        }
        JsonObject result = Jsonp.createObjectBuilder().add("status", "ok").add("response_id", responseId)
                .add("rating", rating).add("effects", effects).build();
        steps.once("event", () -> {
            events.publish("moe.feedback", responseId, Jsonp.createObjectBuilder().add("response_id", responseId)
                    .add("user_id", caller.userId()).add("rating", rating).add("correction", correction == null ? "" : correction)
                    .add("pattern", meta.pattern()).add("experts", meta.expertsJson())
                    .add("at", Ids.nowUtc().toString()).build());
            return "published";
        });
        return result;
    }

    /** Gives an unfinished rating back; if even that fails, the hold runs out by itself. */
    private void giveBack(String responseId) {
        try {
            records.abandonRating(responseId);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "rating hold of " + responseId + " not given back; it ends after " + HOLD, e);
        }
    }

    /** A response id is the service's own ({@code chatcmpl-<uuid>}, {@code msg_<32 hex>}): anything longer is no key to look up. */
    private static void requireResponseId(String responseId) {
        if (responseId.length() > MAX_RESPONSE_ID || PlainText.hasControlCharacters(responseId)) {
            throw new FeedbackException(Kind.INVALID, "invalid_response_id", "a response id has at most " + MAX_RESPONSE_ID
                    + " characters: the 'id' of the answer (chatcmpl-… or msg_…)");
        }
    }

    /** The response's trace, for the key's user only. */
    public JsonObject trace(Caller caller, String responseId) {
        requireResponseId(responseId);
        return responses.get(responseId).map(ResponseRecord::fromJson).filter(m -> caller.userId().equals(m.userId()))
                .map(ResponseRecord::trace).orElseThrow(() -> new FeedbackException(Kind.NOT_FOUND, "response_not_found",
                        "no response '" + responseId + "' of yours is known; a trace is kept for 7 days"));
    }

    /**
     * The response's record once the after-answer work no longer has its answer on the way into the semantic cache
     * (so that a bad rating can flag the entry), waiting at most {@link #CACHE_WAIT}; a rating can arrive the moment
     * the client holds the answer.
     */
    private Optional<JsonObject> settled(String responseId) {
        long deadline = System.nanoTime() + CACHE_WAIT.toNanos();
        Optional<JsonObject> record = responses.get(responseId);
        while (record.filter(FeedbackService::cachePending).isPresent() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(CACHE_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            record = responses.get(responseId);
        }
        return record;
    }

    private static boolean cachePending(JsonObject record) {
        return record.get("trace") instanceof JsonObject trace && AfterAnswer.CACHE_PENDING.equals(trace.getString("cache_store", ""));
    }

    private static String excerpt(String text) {
        return text.length() > EXCERPT ? text.substring(0, EXCERPT) + "…" : text;
    }

    /**
     * Marks the triples the ingest extracted from the rated answer: best effort, since finding them reads every relation
     * of the graph (no index holds a list property of relations of any type), which a very large graph may not finish
     * within the statement timeout; the rating is not refused for it. -1 when it could not be done (the effect reads null).
     */
    private long markExtracted(String responseId, boolean verified) {
        try {
            return graph.markExtractedFrom(responseId, verified);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "The triples extracted from answer " + responseId + " could not be marked: " + e.getMessage());
            return -1;
        }
    }
}
