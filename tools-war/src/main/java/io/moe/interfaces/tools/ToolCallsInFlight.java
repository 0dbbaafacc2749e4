package io.moe.interfaces.tools;

import io.moe.domain.shared.Refusal.Kind;
import io.moe.tools.ToolException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.concurrent.ConcurrentHashMap;

/**
 * How many tool calls each user runs at once on this node ({@code moe.tools.calls-per-user}): one more is 429
 * {@code too_many_requests}, so one key cannot take the math pool's places or the server's threads from everyone
 * else. Calls with the service token (the orchestrator's pipeline, whose requests per user are bounded there) are not
 * counted.
 */
@ApplicationScoped
public class ToolCallsInFlight {

    /** A held place; closing it lets the next call of the user in. */
    public interface Place extends AutoCloseable {
        @Override
        void close();
    }

    private static final Place NONE = () -> { };

    @Inject
    @ConfigProperty(name = "moe.tools.calls-per-user", defaultValue = "4")
    int perUser;

    private final ConcurrentHashMap<String, Integer> running = new ConcurrentHashMap<>();

    /** A place for {@code caller}'s call; refuses when the user already runs {@code moe.tools.calls-per-user}. */
    public Place enter(ToolCaller caller) {
        String user = caller.isService() ? null : caller.userId();
        if (user == null) {
            return NONE;
        }
        int now = running.merge(user, 1, Integer::sum);
        if (now > Math.max(1, perUser)) {
            leave(user);
            throw new ToolException(Kind.TOO_MANY, "too_many_requests", null, "you run " + Math.max(1, perUser)
                    + " tool calls at once already (moe.tools.calls-per-user); wait for one to finish");
        }
        return () -> leave(user);
    }

    /** Users with calls running now (for tests: none is left behind). */
    int users() {
        return running.size();
    }

    private void leave(String user) {
        running.computeIfPresent(user, (u, n) -> n <= 1 ? null : n - 1);
    }
}
