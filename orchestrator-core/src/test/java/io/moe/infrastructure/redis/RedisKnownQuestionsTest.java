package io.moe.infrastructure.redis;

import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The semantic cache's known questions against a real Redis: per scope, and for the retention of an entry. */
class RedisKnownQuestionsTest {

    @Test
    void aQuestionIsKnownInItsScopeOnceAddedForThirtyDays() {
        RedisKnownQuestions known = TestRedis.knownQuestions();
        String scope = "default|" + UUID.randomUUID();
        String question = "what is the speed of sound in water";

        assertFalse(known.mayHave(scope, question));
        known.add(scope, question);

        assertTrue(known.mayHave(scope, question));
        assertFalse(known.mayHave(scope + "x", question), "another scope");
        assertFalse(known.mayHave(scope, question + " at 20 degrees"), "another question");
        long ttl = TestRedis.store().secondsToLive(RedisKnownQuestions.key(scope, question)).orElseThrow();
        assertTrue(ttl > 29 * 86_400 && ttl <= 30 * 86_400, "ttl " + ttl);
    }
}
