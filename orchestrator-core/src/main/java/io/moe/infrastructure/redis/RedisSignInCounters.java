package io.moe.infrastructure.redis;

import io.moe.application.identity.SignInCounters;
import io.moe.domain.shared.Digests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Optional;

/**
 * Sign-in counters as expiring Redis counters, {@code moe:signin:address:<sha256(address)>} and
 * {@code moe:signin:attempts:<sha256(username|address)>}; each attempt is one atomic increment, whose
 * first use starts the expiry. Addresses and usernames are stored only as digests.
 */
@ApplicationScoped
public class RedisSignInCounters implements SignInCounters {

    @Inject
    RedisStore redis;

    @Override
    public long countFromAddress(String address, Duration window) {
        return redis.increment(addressKey(address), 1, window);
    }

    @Override
    public long countOfUser(String username, String address, Duration window) {
        return redis.increment(pairKey(username, address), 1, window);
    }

    @Override
    public Optional<Duration> remaining(String username, String address) {
        return redis.secondsToLive(pairKey(username, address)).map(Duration::ofSeconds);
    }

    @Override
    public void reset(String username, String address) {
        redis.delete(pairKey(username, address));
    }

    private static String pairKey(String username, String address) {
        return "moe:signin:attempts:" + Digests.sha256(username + "|" + address);
    }

    private static String addressKey(String address) {
        return "moe:signin:address:" + Digests.sha256(String.valueOf(address));
    }
}
