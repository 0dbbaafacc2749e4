package io.moe.infrastructure.redis;

import io.moe.application.pipeline.cache.KnownQuestions;
import io.moe.domain.shared.Digests;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/**
 * The semantic cache's known questions as keys {@code moe:cache-question:<digest of scope and question>}, each
 * expiring after {@link #TTL} (the default retention of cache entries), so that entries pruned since leave no key
 * behind for long.
 */
@ApplicationScoped
public class RedisKnownQuestions extends RedisMarks implements KnownQuestions {

    static final String PREFIX = "moe:cache-question:";
    static final Duration TTL = Duration.ofDays(30);

    public RedisKnownQuestions() {
        super(PREFIX, TTL);
    }

    @Override
    public boolean mayHave(String scope, String question) {
        return marked(digest(scope, question));
    }

    @Override
    public void add(String scope, String question) {
        mark(digest(scope, question));
    }

    static String digest(String scope, String question) {
        return Digests.sha256(scope + "\n" + question);
    }
}
