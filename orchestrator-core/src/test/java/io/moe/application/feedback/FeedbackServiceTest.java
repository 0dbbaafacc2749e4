package io.moe.application.feedback;

import io.moe.application.pipeline.graph.GraphFactCache;

import io.moe.application.events.EventOutbox;
import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.after.ResponseRecords;
import io.moe.application.pipeline.after.ResponseStore;
import io.moe.application.pipeline.cache.SemanticCache;
import io.moe.application.pipeline.experts.ErrorExamples;
import io.moe.application.pipeline.experts.ModelScores;
import io.moe.application.pipeline.plan.LearnedPatterns;
import io.moe.application.pipeline.trace.ResponseRecord;
import io.moe.domain.identity.Caller;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.KnowledgeGraph;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A rating applies its effects as one unit: all of them once, or none recorded and a retry that finishes the rest. */
class FeedbackServiceTest {

    private static final String ID = "chatcmpl-rated";
    private final Caller alice = Fakes.user();
    private final MemoryRecords records = new MemoryRecords();
    private final List<String> votes = new ArrayList<>();
    private final List<String> published = new ArrayList<>();
    private final List<String> patternsCounted = new ArrayList<>();
    private final List<String> corrections = new ArrayList<>();
    private int graphFailuresLeft;
    private int graphCalls;
    private int factListsForgotten;
    private final List<String> extractedMarked = new ArrayList<>();
    private boolean extractedFails;
    private final FeedbackService feedback = service();

    @Test
    void aFailureHalfWayRecordsNoRatingAndTheRetryAppliesOnlyWhatIsMissing() {
        keepAnswer(List.of("r1", "r2"));
        graphFailuresLeft = 1;

        FeedbackException failed = assertThrows(FeedbackException.class, () -> feedback.rate(alice, ID, 5, null));
        assertEquals(Kind.UNAVAILABLE, failed.kind());
        assertEquals("feedback_not_applied", failed.code());
        assertEquals(List.of("m1|code", "m2|math"), votes, "the scores were counted before the graph failed");
        assertEquals(List.of(), published, "no event for a rating that is not recorded");

        JsonObject effects = feedback.rate(alice, ID, 5, null).getJsonObject("effects");
        assertEquals(List.of("m1|code", "m2|math"), votes, "the retry does not count the votes again");
        assertEquals(2, effects.getInt("model_scores"), "the retry reports the votes counted by the first attempt");
        assertEquals(2, effects.getJsonNumber("graph_relations_verified").longValue());
        assertEquals(List.of("code+math"), patternsCounted);
        assertEquals(List.of(ID), published);
        assertEquals(2, graphCalls);

        FeedbackException again = assertThrows(FeedbackException.class, () -> feedback.rate(alice, ID, 1, null));
        assertEquals("feedback_exists", again.code());
        assertEquals(List.of(ID), published);
    }

    @Test
    void aRatingBegunAndNotFinishedIsFinishedOnlyWithTheSameRating() {
        keepAnswer(List.of("r1"));
        graphFailuresLeft = 1;
        assertThrows(FeedbackException.class, () -> feedback.rate(alice, ID, 5, null));
        FeedbackException other = assertThrows(FeedbackException.class, () -> feedback.rate(alice, ID, 1, null));
        assertEquals("feedback_differs", other.code());
        assertEquals(List.of("m1|code", "m2|math"), votes, "the other rating changed nothing");
        assertEquals("ok", feedback.rate(alice, ID, 5, null).getString("status"));
    }

    @Test
    void aRatingBeingAppliedRefusesAnotherOne() {
        keepAnswer(List.of());
        records.beginRating(ID, Duration.ofSeconds(60));
        FeedbackException busy = assertThrows(FeedbackException.class, () -> feedback.rate(alice, ID, 1, null));
        assertEquals(Kind.CONFLICT, busy.kind());
        assertEquals("feedback_in_progress", busy.code());
        assertTrue(votes.isEmpty());
    }

    @Test
    void aBadRatingWithACorrectionStoresItOnceAcrossARetry() {
        keepAnswer(List.of("r1"));
        graphFailuresLeft = 1;
        assertThrows(FeedbackException.class, () -> feedback.rate(alice, ID, 1, "it is 42"));
        JsonObject effects = feedback.rate(alice, ID, 1, "it is 42").getJsonObject("effects");
        assertEquals(1, effects.getJsonNumber("graph_relations_flagged").longValue());
        assertEquals(JsonValue.TRUE, effects.get("cache_entry_flagged"));
        assertEquals(1, corrections.size(), "the correction is stored once: " + corrections);
        assertEquals("c1", effects.getJsonObject("correction").getString("id"));
    }

    @Test
    void flaggingRelationsDropsTheFactListsKeptBeforeSoNoLaterQuestionGetsAFlaggedFactFromThem() {
        keepAnswer(List.of("r1"));
        JsonObject effects = feedback.rate(alice, ID, 1, null).getJsonObject("effects");
        assertEquals(1, effects.getJsonNumber("graph_relations_flagged").longValue());
        assertEquals(1, factListsForgotten);
    }

    @Test
    void aRatingMarksTheRelationsExtractedFromTheRatedAnswerToo() {
        keepAnswer(List.of());
        JsonObject effects = feedback.rate(alice, ID, 2, null).getJsonObject("effects");
        assertEquals(List.of(ID + " flagged"), extractedMarked);
        assertEquals(2, effects.getJsonNumber("graph_relations_from_answer_flagged").longValue());
        assertEquals(1, factListsForgotten);
    }

    @Test
    void aGraphTooLargeToFindTheAnswersTriplesInTimeDoesNotRefuseTheRating() {
        keepAnswer(List.of("r1"));
        extractedFails = true;
        JsonObject effects = feedback.rate(alice, ID, 1, null).getJsonObject("effects");
        assertTrue(effects.isNull("graph_relations_from_answer_flagged"), effects.toString());
        assertEquals(1, effects.getJsonNumber("graph_relations_flagged").longValue(), "the relations it used are flagged");
        assertEquals(1, factListsForgotten);
    }

    @Test
    void aNeutralRatingTouchesNoRelation() {
        keepAnswer(List.of("r1"));
        feedback.rate(alice, ID, 3, null);
        assertEquals(List.of(), extractedMarked);
        assertEquals(0, factListsForgotten);
    }

    @Test
    void aRefusedCorrectionGivesTheResponseBackForAnotherTry() {
        keepAnswer(List.of());
        corrections.add("full");
        assertThrows(FeedbackException.class, () -> feedback.rate(alice, ID, 1, "it is 42"));
        corrections.clear();
        assertEquals("ok", feedback.rate(alice, ID, 1, "it is 42").getString("status"));
    }

    private void keepAnswer(List<String> relations) {
        records.put(ID, new ResponseRecord(ID, alice.userId(), alice.apiKeyId(), "moe_orchestrated", "", "What is 6 times 7?",
                "41", "code+math", List.of(new ResponseRecord.RatedExpert("m1", "code", "high"),
                new ResponseRecord.RatedExpert("m2", "math", "high")), relations, "entry-1", "2026-11-26T10:00:00Z",
                JsonValue.EMPTY_JSON_OBJECT).toJson());
    }

    private FeedbackService service() {
        FeedbackService service = new FeedbackService();
        service.records = records;
        service.responses = new ResponseStore() {
            @Override
            public Optional<JsonObject> get(String responseId) {
                return records.find(responseId);
            }
        };
        service.scores = new ModelScores() {
            @Override
            public boolean rate(String model, String category, boolean positive, String voter) {
                votes.add(model + "|" + category);
                return true;
            }
        };
        service.patterns = new LearnedPatterns() {
            @Override
            public void success(String pattern) {
                patternsCounted.add(pattern);
            }
        };
        service.cache = new SemanticCache() {
            @Override
            public boolean flag(String id) {
                return true;
            }
        };
        service.errors = new ErrorExamples() {
            @Override
            public String add(String userId, Set<String> categories, String example) {
                if (corrections.contains("full")) {
                    throw new FeedbackException(Kind.TOO_MANY, "too_many_corrections", "too many pending corrections");
                }
                corrections.add(example);
                return "c" + corrections.size();
            }
        };
        service.events = new EventOutbox() {
            @Override
            public void publish(String topic, String key, JsonObject event) {
                published.add(key);
            }
        };
        service.graph = new Graph();
        service.factLists = new GraphFactCache() {
            @Override
            public Optional<List<GraphFact>> find(String questionDigest) {
                return Optional.empty();
            }

            @Override
            public void put(String questionDigest, List<GraphFact> facts) {
            }

            @Override
            public void forgetAll() {
                factListsForgotten++;
            }
        };
        return service;
    }

    /** A knowledge graph whose flag and verify fail as often as the test says, then change every relation asked for. */
    private final class Graph implements KnowledgeGraph {
        @Override
        public Set<String> knownTerms(Collection<String> terms) {
            return Set.of();
        }

        @Override
        public List<GraphFact> factsAround(Collection<String> terms, int limit) {
            return List.of();
        }

        @Override
        public boolean related(String subject, String object, Collection<String> types, double minTrust) {
            return false;
        }

        @Override
        public void relate(String subject, String predicate, String object, String responseId, double trust, String domain) {
        }

        @Override
        public long flag(Collection<String> relationIds) {
            return change(relationIds);
        }

        @Override
        public long verify(Collection<String> relationIds) {
            return change(relationIds);
        }

        @Override
        public long markExtractedFrom(String responseId, boolean verified) {
            if (extractedFails) {
                throw new IllegalStateException("Neo4j: the statement ran out of its 5 s");
            }
            extractedMarked.add(responseId + (verified ? " verified" : " flagged"));
            return 2;
        }

        private long change(Collection<String> relationIds) {
            graphCalls++;
            if (graphFailuresLeft > 0) {
                graphFailuresLeft--;
                throw new IllegalStateException("Neo4j did not answer within 5 s");
            }
            return relationIds.size();
        }
    }

    /** Response records in memory, with the rating's hold and steps as the Redis adapter keeps them. */
    private static final class MemoryRecords implements ResponseRecords {
        private final Map<String, JsonObject> kept = new HashMap<>();
        private final Map<String, String> ratings = new ConcurrentHashMap<>();
        private final Map<String, Map<String, String>> steps = new HashMap<>();

        @Override
        public void put(String responseId, JsonObject metadata) {
            kept.put(responseId, metadata);
        }

        @Override
        public Optional<JsonObject> find(String responseId) {
            return Optional.ofNullable(kept.get(responseId));
        }

        @Override
        public RatingStart beginRating(String responseId, Duration hold) {
            String before = ratings.putIfAbsent(responseId, "applying");
            return before == null ? RatingStart.BEGUN : before.equals("applying") ? RatingStart.IN_PROGRESS : RatingStart.RATED;
        }

        @Override
        public void finishRating(String responseId) {
            ratings.put(responseId, "rated");
        }

        @Override
        public void abandonRating(String responseId) {
            ratings.remove(responseId);
        }

        @Override
        public Map<String, String> ratingSteps(String responseId) {
            return Map.copyOf(steps.getOrDefault(responseId, Map.of()));
        }

        @Override
        public void ratingStepDone(String responseId, String step, String result) {
            steps.computeIfAbsent(responseId, id -> new HashMap<>()).put(step, result);
        }
    }
}
