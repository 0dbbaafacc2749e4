package io.moe.infrastructure.redis;

import io.moe.application.tools.ToolCall;
import io.moe.application.tools.ToolCallLog;
import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The tool call log as the Redis list {@code moe:tool-calls} of JSON entries, newest first, trimmed to
 * {@link ToolCallLog#KEPT} on every write, so every node of the tool server writes to one log.
 */
@ApplicationScoped
public class RedisToolCallLog implements ToolCallLog {

    static final String KEY = "moe:tool-calls";
    private static final Logger LOG = Logger.getLogger(RedisToolCallLog.class.getName());

    @Inject
    RedisStore redis;

    @Override
    public void record(ToolCall call) {
        String entry = Jsonp.createObjectBuilder().add("at", call.at().toString()).add("caller", call.caller())
                .add("tool", call.tool()).add("ok", call.ok()).add("outcome", call.outcome()).add("ms", call.millis())
                .build().toString();
        try {
            redis.pushCapped(KEY, entry, KEPT);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "tool call of " + call.tool() + " not logged: " + Failures.describe(e));
        }
    }

    @Override
    public List<ToolCall> recent(int n) {
        return redis.newest(KEY, Math.max(0, Math.min(n, KEPT))).stream().map(RedisToolCallLog::read)
                .filter(Objects::nonNull).toList();
    }

    private static ToolCall read(String entry) {
        try {
            JsonObject o = Jsonp.readObject(entry);
            return new ToolCall(Instant.parse(o.getString("at")), o.getString("caller", "?"), o.getString("tool", "?"),
                    o.getBoolean("ok", false), o.getString("outcome", ""), o.getJsonNumber("ms").longValue());
        } catch (RuntimeException e) {
            return null;
        }
    }
}
