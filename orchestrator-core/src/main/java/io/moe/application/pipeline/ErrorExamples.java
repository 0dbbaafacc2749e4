package io.moe.application.pipeline;

import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Numeric corrections from negative feedback, kept per category (the newest 20) and shown to that
 * category's experts as examples of mistakes not to repeat.
 */
@ApplicationScoped
public class ErrorExamples {

    static final int KEEP = 20;
    static final int SHOWN = 2;
    private static final Logger LOG = Logger.getLogger(ErrorExamples.class.getName());

    @Inject
    RedisStore redis;

    public void add(String category, String example) {
        redis.pushCapped(key(category), example, KEEP);
    }

    public List<String> recent(String category) {
        try {
            return redis.newest(key(category), SHOWN);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "error examples unavailable", e);
            return List.of();
        }
    }

    private static String key(String category) {
        return "moe:fewshot-errors:" + category;
    }
}
