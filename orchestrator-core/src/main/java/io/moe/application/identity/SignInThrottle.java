package io.moe.application.identity;

import io.moe.domain.shared.Digests;
import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Slows password guessing on the sign-in form: after 5 failed attempts for one username from one
 * address within 15 minutes, that pair is refused until the 15 minutes since its first failure are
 * over — without checking the password. Counting per address as well keeps an attacker elsewhere from
 * locking the real admin out. Counters live in Redis (shared by all servers); if Redis is unreachable
 * sign-in still works, unthrottled, and the gap is logged.
 */
@ApplicationScoped
public class SignInThrottle {

    static final int MAX_FAILURES = 5;
    static final Duration WINDOW = Duration.ofMinutes(15);
    private static final Logger LOG = Logger.getLogger(SignInThrottle.class.getName());

    @Inject
    RedisStore redis;

    /** Whole minutes until this username may try again from this address; 0 when it may now. */
    public long minutesLocked(String username, String address) {
        try {
            String key = key(username, address);
            long failures = redis.get(key).map(Long::parseLong).orElse(0L);
            if (failures < MAX_FAILURES) {
                return 0;
            }
            return Math.max(1, (redis.secondsToLive(key).orElse(WINDOW.toSeconds()) + 59) / 60);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Sign-in throttling is off while Redis is unreachable: " + e.getMessage());
            return 0;
        }
    }

    public void failed(String username, String address) {
        try {
            redis.increment(key(username, address), 1, WINDOW);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A failed sign-in could not be counted: " + e.getMessage());
        }
    }

    public void succeeded(String username, String address) {
        try {
            redis.delete(key(username, address));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Failed sign-ins could not be reset", e);
        }
    }

    private static String key(String username, String address) {
        return "moe:signin:failures:" + Digests.sha256(String.valueOf(username).toLowerCase(Locale.ROOT) + "|" + address);
    }
}
