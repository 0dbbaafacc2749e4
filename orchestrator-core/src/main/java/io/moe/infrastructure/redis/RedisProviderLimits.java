package io.moe.infrastructure.redis;

import io.moe.application.servers.ProviderLimits;
import io.moe.application.servers.RateLimitState;
import io.moe.domain.shared.Failures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The rate-limit state of each server as one Redis hash ({@code moe:provider:<server>}), replaced whole by one
 * script so a reader never sees two observations mixed, and forgotten after {@link #KEEP} without a new one.
 * A Redis failure is logged and ignored: the status is advisory.
 */
@ApplicationScoped
public class RedisProviderLimits implements ProviderLimits {

    static final Duration KEEP = Duration.ofHours(1);
    private static final Logger LOG = Logger.getLogger(RedisProviderLimits.class.getName());
    private static final String STATUS = "_status";
    private static final String AT = "_observed_at";

    /** KEYS[1] = hash; ARGV[1] = ttl seconds, then field/value pairs. */
    static final String REPLACE = """
            redis.call('DEL', KEYS[1])
            for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
            redis.call('EXPIRE', KEYS[1], ARGV[1])
            return 1
            """;

    @Inject
    RedisStore redis;

    @Override
    public void observe(String server, RateLimitState state) {
        List<String> args = new ArrayList<>();
        args.add(String.valueOf(KEEP.toSeconds()));
        state.values().forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        args.add(STATUS);
        args.add(String.valueOf(state.status()));
        args.add(AT);
        args.add(String.valueOf(state.observedAt().toEpochMilli()));
        try {
            redis.eval(REPLACE, List.of(key(server)), args);
        } catch (RuntimeException e) {
            LOG.warning(() -> "Could not keep the rate-limit state of server '" + server + "': " + Failures.describe(e));
        }
    }

    @Override
    public Optional<RateLimitState> latest(String server) {
        Map<String, String> hash;
        try {
            hash = new HashMap<>(redis.hash(key(server)));
        } catch (RuntimeException e) {
            LOG.warning(() -> "Could not read the rate-limit state of server '" + server + "': " + Failures.describe(e));
            return Optional.empty();
        }
        String at = hash.remove(AT);
        String status = hash.remove(STATUS);
        if (at == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RateLimitState(hash, status == null ? 0 : Integer.parseInt(status), Instant.ofEpochMilli(Long.parseLong(at))));
        } catch (NumberFormatException corrupt) {
            return Optional.empty();
        }
    }

    private static String key(String server) {
        return "moe:provider:" + server;
    }
}
