package io.moe.interfaces.tools;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.Tool;
import io.moe.tools.ResultBudget;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import io.moe.application.tools.ToolCall;
import io.moe.application.tools.ToolCallLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs one tool for one caller: it must exist, be enabled, and be allowed for the caller, who may run only so many
 * calls at once ({@link ToolCallsInFlight}). Every result,
 * of every tool, is measured against {@code moe.tools.result.max-chars} before it is sent: a larger one is
 * a 422 {@code result_too_large} (the worst offenders also stop early, before building it). Every call,
 * answered or refused, goes to the {@link ToolCallLog} (who, tool, time, result or error).
 */
@ApplicationScoped
public class ToolInvoker {

    private static final Logger LOG = Logger.getLogger(ToolInvoker.class.getName());


    @Inject
    ToolRegistry tools;

    @Inject
    ToolSettings settings;

    @Inject
    ToolCallLog calls;

    @Inject
    ToolCallsInFlight inFlight;

    public JsonValue invoke(String name, JsonObject arguments, ToolCaller caller) {
        return invoke(name, arguments, caller, caller.label());
    }

    /** Runs the tool; {@code who} is how the call log names the caller. */
    public JsonValue invoke(String name, JsonObject arguments, ToolCaller caller, String who) {
        long start = System.nanoTime();
        try {
            JsonValue result = run(name, arguments, caller);
            calls.record(new ToolCall(Instant.now(), who, name, true, result.toString(), elapsedMs(start)));
            return result;
        } catch (ToolException e) {
            calls.record(new ToolCall(Instant.now(), who, name, false, e.code() + ": " + e.getMessage(), elapsedMs(start)));
            throw e;
        }
    }

    private JsonValue run(String name, JsonObject arguments, ToolCaller caller) {
        Tool tool = usable(name, caller);
        try (ToolCallsInFlight.Place place = inFlight.enter(caller)) {
            JsonValue result = tool.invoke(ToolArgs.of(arguments, caller.userId()));
            ResultBudget.check(result, tools.maxResultChars(), "ask for less (a narrower pattern, path or query, or less content)");
            return result;
        } catch (ToolException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Tool " + name + " failed", e);
            throw new ToolException(Kind.FAILED, "tool_failed", null, "the tool failed unexpectedly: " + e.getClass().getSimpleName());
        } catch (StackOverflowError e) { // the thread's stack unwound; nothing of the call is kept
            LOG.warning("Tool " + name + " ran out of stack on its input");
            throw new ToolException(Kind.UNPROCESSABLE, "input_too_complex", null, "the input needs deeper recursion than the tool may "
                    + "use (for example a repeated group of a regular expression over a long text); simplify it or shorten the text");
        }
    }

    private static long elapsedMs(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** The tool, or the refusal a client should see (404 unknown, 403 not permitted, 409 disabled). */
    public Tool usable(String name, ToolCaller caller) {
        Tool tool = tools.find(name).orElseThrow(() -> new ToolException(Kind.NOT_FOUND, "unknown_tool", "tool",
                "there is no tool '" + name + "'; GET /tools lists them"));
        if (!caller.mayUse(name)) {
            throw new ToolException(Kind.FORBIDDEN, "tool_not_permitted", "tool",
                    "your key has no mcp_tool permission for '" + name + "'; ask an admin to grant it");
        }
        if (!settings.isEnabled(name)) {
            throw new ToolException(Kind.CONFLICT, "tool_disabled", "tool", "the tool '" + name + "' is disabled by an admin");
        }
        return tool;
    }
}
