package io.moe.interfaces.tools;

import io.moe.application.tools.ToolCall;
import io.moe.application.tools.ToolCallLog;
import io.moe.infrastructure.web.RefusalStatus;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What the invoker and the MCP protocol make of calls that go wrong: a clear refusal, and an entry in the call log. */
class ToolInvokerTest {

    private final List<ToolCall> logged = new ArrayList<>();
    private final ToolInvoker invoker = new ToolInvoker();
    private final McpProtocol mcp = new McpProtocol();

    ToolInvokerTest() {
        Tool bottomless = new Bottomless();
        invoker.tools = new ToolRegistry() {
            @Override
            public Optional<Tool> find(String name) {
                return name.equals(bottomless.name()) ? Optional.of(bottomless) : Optional.empty();
            }

            @Override
            public long maxResultChars() {
                return 100_000;
            }
        };
        invoker.settings = new ToolSettings() {
            @Override
            public Set<String> disabled() {
                return Set.of();
            }
        };
        invoker.calls = new ToolCallLog() {
            @Override
            public void record(ToolCall call) {
                logged.add(call);
            }

            @Override
            public List<ToolCall> recent(int n) {
                return logged;
            }
        };
        invoker.inFlight = new ToolCallsInFlight();
        invoker.inFlight.perUser = 4;
        mcp.tools = invoker.tools;
        mcp.settings = invoker.settings;
        mcp.invoker = invoker;
    }

    @Test
    void aToolThatRunsOutOfStackOnItsInputIsA422AndIsLogged() {
        ToolException e = assertThrows(ToolException.class,
                () -> invoker.invoke("bottomless", JsonValue.EMPTY_JSON_OBJECT, ToolCaller.service()));
        assertEquals("input_too_complex", e.code(), e.getMessage());
        assertEquals(422, RefusalStatus.of(e));
        assertEquals(1, logged.size(), "the refused call is in the call log");
        assertFalse(logged.get(0).ok());
        assertEquals("bottomless", logged.get(0).tool());
    }

    @Test
    void anUnknownToolOverMcpIsAProtocolErrorAndIsLogged() {
        JsonObject call = Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", 7).add("method", "tools/call")
                .add("params", Json.createObjectBuilder().add("name", "no_such_tool")).build();
        JsonObject reply = mcp.handle(call, ToolCaller.service());
        assertEquals(-32602, reply.getJsonObject("error").getInt("code"), reply.toString());
        assertEquals(1, logged.size(), "the refused call is in the call log, as on /invoke");
        assertEquals("no_such_tool", logged.get(0).tool());
        assertFalse(logged.get(0).ok());
    }

    /** A tool whose work recurses without end, as a regular expression's repeated group can over a long text. */
    private static final class Bottomless implements Tool {

        @Override
        public String name() {
            return "bottomless";
        }

        @Override
        public String description() {
            return "recurses";
        }

        @Override
        public JsonObject inputSchema() {
            return JsonValue.EMPTY_JSON_OBJECT;
        }

        @Override
        public JsonValue invoke(ToolArgs args) {
            return depth(0) > 0 ? JsonValue.TRUE : JsonValue.FALSE;
        }

        private static int depth(int n) {
            return depth(n + 1) + 1;
        }
    }
}
