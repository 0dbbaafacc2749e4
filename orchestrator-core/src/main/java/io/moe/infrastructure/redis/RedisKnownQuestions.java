package io.moe.infrastructure.redis;

import io.moe.application.pipeline.cache.KnownQuestions;
import io.moe.domain.shared.Digests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;

/**
 * The semantic cache's known questions as keys {@code moe:cache-question:<digest of scope and question>}, each
 * expiring after {@link #TTL} (the default retention of cache entries), so that entries pruned since leave no key
 * behind for long.
 */
@ApplicationScoped
public class RedisKnownQuestions implements KnownQuestions {

    static final Duration TTL = Duration.ofDays(30);

    @Inject
    RedisStore redis;

    @Override
    public boolean mayHave(String scope, String question) {
        return redis.get(key(scope, question)).isPresent();
    }

    @Override
    public void add(String scope, String question) {
        redis.put(key(scope, question), "1", TTL);
    }

    static String key(String scope, String question) {
        return "moe:cache-question:" + Digests.sha256(scope + "\n" + question);
    }
}
