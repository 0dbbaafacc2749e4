package io.moe.application.events;

import io.moe.infrastructure.llm.InferenceException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IngestRetriesTest {

    @Test
    void theWaitDoublesUpToTheLongestAndTheLastAttemptGivesUp() {
        IngestRetries retries = new IngestRetries(5, Duration.ofSeconds(5), Duration.ofSeconds(15));
        assertEquals(Optional.of(Duration.ofSeconds(5)), retries.failed("a"));
        assertEquals(Optional.of(Duration.ofSeconds(10)), retries.failed("a"));
        assertEquals(Optional.of(Duration.ofSeconds(15)), retries.failed("a"));
        assertEquals(Optional.of(Duration.ofSeconds(15)), retries.failed("a"));
        assertEquals(Optional.empty(), retries.failed("a"), "the fifth failed attempt was the last");
        assertEquals(Optional.of(Duration.ofSeconds(5)), retries.failed("a"), "a later delivery starts afresh");
    }

    @Test
    void aSuccessForgetsTheFailuresAndEachAnswerCountsItsOwn() {
        IngestRetries retries = new IngestRetries(3, Duration.ofSeconds(1), Duration.ofMinutes(2));
        retries.failed("a");
        retries.failed("b");
        retries.succeeded("a");
        assertEquals(Optional.of(Duration.ofSeconds(1)), retries.failed("a"));
        assertEquals(Optional.of(Duration.ofSeconds(2)), retries.failed("b"));
    }

    @Test
    void aJudgeThatRefusesTheCallIsNotAskedAgainAnythingElseMayPass() {
        assertTrue(KnowledgeIngest.passing(new ExecutionException(new InferenceException("down", false, null, 0))), "no answer");
        assertTrue(KnowledgeIngest.passing(new ExecutionException(new InferenceException("busy", false, null, 503))));
        assertTrue(KnowledgeIngest.passing(new ExecutionException(new InferenceException("slow down", false, null, 429))));
        assertTrue(KnowledgeIngest.passing(InferenceException.circuitOpen("left alone")));
        assertTrue(KnowledgeIngest.passing(new TimeoutException()), "no triples within the wait");
        assertTrue(KnowledgeIngest.passing(new IllegalStateException("Neo4j unavailable")), "the graph or PostgreSQL");
        assertFalse(KnowledgeIngest.passing(new ExecutionException(new InferenceException("no such model", false, null, 404))));
        assertFalse(KnowledgeIngest.passing(new InferenceException("context too long", false, null, 400)));
    }
}
