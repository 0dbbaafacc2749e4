package io.moe.it.pipeline;

import io.moe.it.Health;
import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Killed;
import io.moe.it.Metrics;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.askPastTheCache;
import static io.moe.it.pipeline.Pipeline.marker;
import static io.moe.it.pipeline.Pipeline.plan;
import static io.moe.it.pipeline.Pipeline.task;
import static io.moe.it.pipeline.Pipeline.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Neo4j, the tool server and the search engine hung, one at a time, as an operator would see it: the test server reaches
 * each through a relay process of its own (devservices' TcpRelay, see the pom), which SIGSTOP freezes — connections are
 * accepted, nothing comes back. Requests are still answered, without what the hung service gives; its circuit breaker
 * opens, so later requests no longer wait for it; the trace says what was missing; after SIGCONT it is used again
 * without a restart. Each is also killed (SIGKILL on its relay: connections reset, new ones refused) and started
 * again ({@link Killed}): answered without it meanwhile, used again after its restart.
 */
class HungServicesIT {

    private static final Path RELAYS = Path.of(System.getProperty("moe.it.data-dir", "target/it-data"), "relays");

    @Test
    void withNeo4jHungAnswersComeWithoutTheSemanticCacheAndTheGraphUntilItIsBack() throws Exception {
        ask("moe-orchestrator", "Before freezing Neo4j " + marker());
        double before = opened("Neo4jSemanticCacheIndex");
        JsonObject trace;
        try (Frozen neo4j = new Frozen("neo4j")) {
            askUntilOpened("Neo4jSemanticCacheIndex", before, () -> ask("moe-orchestrator", "While Neo4j is frozen " + marker()));
            trace = trace(ask("moe-orchestrator", "With the breaker open " + marker()).getString("id"));
            Health.await(h -> h.matches("(?s).*Neo4j[^,}\\]]*down.*"), "Neo4j reported down");
            HttpResponse<String> stats = Http.get(ItConfig.orchestratorUrl() + "/graph/stats", "Authorization", Http.bearer(ItConfig.apiKey()));
            assertEquals(503, stats.statusCode(), "the knowledge graph API says the graph is away: " + stats.body());
            assertEquals("graph_unavailable", Http.object(stats).getString("code"), stats.body());
        }
        assertEquals("unavailable", trace.getJsonObject("cache").getString("path"), trace.toString());
        assertTrue(trace.containsKey("graph_error"), "the graph was not asked either: " + trace);
        assertFalse(trace.getString("graph_error").equals("null"), "the trace says why the graph was not used: " + trace);
        Health.await(h -> h.matches("(?s).*Neo4j[^,}\\]]*up.*"), "Neo4j reported up again");

        JsonObject after = until(() -> trace(ask("moe-orchestrator", "After Neo4j is back " + marker()).getString("id")),
                t -> !"unavailable".equals(t.getJsonObject("cache").getString("path")), "the semantic cache used again");
        assertFalse(after.containsKey("graph_error"), after.toString());
    }

    @Test
    void withTheToolServerHungAToolTaskFailsInTheTraceAndTheAnswerStillComes() throws Exception {
        double before = opened("ToolServerHttp");
        JsonObject trace;
        try (Frozen tools = new Frozen("tools")) {
            askUntilOpened("ToolServerHttp", before, () -> askToolTask(marker()));
            trace = trace(askToolTask(marker()).getString("id"));
        }
        JsonObject tool = trace.getJsonArray("tools").getJsonObject(0);
        assertFalse(tool.getBoolean("ok"), tool.toString());
        assertTrue(tool.getString("result").contains("could not be reached"), tool.toString());
        assertFalse(trace.toString().contains("http://"), "the tool server's address stays in the log: " + tool);

        JsonObject after = until(() -> trace(askToolTask(marker()).getString("id")),
                t -> t.getJsonArray("tools").getJsonObject(0).getBoolean("ok"), "the tool server used again");
        assertTrue(after.getJsonArray("tools").getJsonObject(0).getString("result").contains("391"), after.toString());
    }

    @Test
    void withTheSearchEngineHungResearchGoesOnWithoutResultsAndSaysWhy() throws Exception {
        double before = opened("WebSearchClient");
        JsonObject trace;
        try (Frozen search = new Frozen("search")) {
            askUntilOpened("WebSearchClient", before, () -> askResearchTask(marker()));
            trace = trace(askResearchTask(marker()).getString("id"));
        }
        assertTrue(trace.containsKey("research_error"), trace.toString());

        until(() -> trace(askResearchTask(marker()).getString("id")), t -> !t.containsKey("research_error"), "the search engine used again");
    }

    @Test
    void withNeo4jKilledAnswersComeWithoutTheCacheAndAfterItsRestartItIsUsedAgain() throws Exception {
        ask("moe-orchestrator", "Before killing Neo4j " + marker());
        Killed neo4j = Killed.relay("neo4j");
        JsonObject trace;
        try {
            trace = trace(ask("moe-orchestrator", "While Neo4j is dead " + marker()).getString("id"));
            Health.await(h -> h.matches("(?s).*Neo4j[^,}\\]]*down.*"), "Neo4j reported down");
        } finally {
            neo4j.startAgain();
        }
        assertEquals("unavailable", trace.getJsonObject("cache").getString("path"), trace.toString());
        Health.await(h -> h.matches("(?s).*Neo4j[^,}\\]]*up.*"), "Neo4j reported up after its restart");
        JsonObject after = until(() -> trace(ask("moe-orchestrator", "After Neo4j restarted " + marker()).getString("id")),
                t -> !"unavailable".equals(t.getJsonObject("cache").getString("path")), "the semantic cache used again");
        assertFalse(after.containsKey("graph_error"), after.toString());
    }

    @Test
    void withTheToolServerKilledAToolTaskFailsInTheTraceAndAfterItsRestartItIsUsedAgain() throws Exception {
        Killed tools = Killed.relay("tools");
        JsonObject trace;
        try {
            trace = trace(askToolTask(marker()).getString("id"));
        } finally {
            tools.startAgain();
        }
        assertFalse(trace.getJsonArray("tools").getJsonObject(0).getBoolean("ok"), trace.toString());
        JsonObject after = until(() -> trace(askToolTask(marker()).getString("id")),
                t -> t.getJsonArray("tools").getJsonObject(0).getBoolean("ok"), "the tool server used again");
        assertTrue(after.getJsonArray("tools").getJsonObject(0).getString("result").contains("391"), after.toString());
    }

    @Test
    void withTheSearchEngineKilledResearchSaysWhyAndAfterItsRestartItIsUsedAgain() throws Exception {
        Killed search = Killed.relay("search");
        JsonObject trace;
        try {
            trace = trace(askResearchTask(marker()).getString("id"));
        } finally {
            search.startAgain();
        }
        assertTrue(trace.containsKey("research_error"), trace.toString());
        until(() -> trace(askResearchTask(marker()).getString("id")), t -> !t.containsKey("research_error"), "the search engine used again");
    }

    private static JsonObject askToolTask(String m) {
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Explain multiplication " + m, "general"))
                    .add(Json.createObjectBuilder(task("Compute 17 * 23", "precision_tools")).add("mcp_tool", "calculate")
                            .add("mcp_args", Json.createObjectBuilder().add("expression", "17 * 23")))
                    .build()));
            return askPastTheCache("moe-orchestrator", "What is seventeen times twenty-three " + m);
        }
    }

    private static JsonObject askResearchTask(String m) {
        try (var script = new Pipeline.Script()) {
            script.add(plan(m, Json.createArrayBuilder().add(task("Explain the topic " + m, "general"))
                    .add(Json.createObjectBuilder(task("Find current news", "research")).add("search_query", "latest news " + m)).build()));
            return askPastTheCache("moe-orchestrator-research", "What is new about " + m);
        }
    }

    /** Asks (every answer must be a 200) until the breakers of {@code adapter} opened once more than {@code before}. */
    private static void askUntilOpened(String adapter, double before, Supplier<JsonObject> ask) {
        for (int i = 0; i < 10 && opened(adapter) <= before; i++) {
            ask.get();
        }
        assertTrue(opened(adapter) > before, "the circuit breaker of " + adapter + " opened");
    }

    private static double opened(String adapter) {
        Matcher m = Pattern.compile("ft_circuitbreaker_opened_total\\{[^}]*" + adapter + "[^}]*} ([0-9.]+)").matcher(Metrics.text());
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
        }
        return sum;
    }

    /** Asks again (a breaker lets a call through only after it was open for 5 s) until the answer shows the service back. */
    private static JsonObject until(Supplier<JsonObject> read, Predicate<JsonObject> done, String what) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(60);
        JsonObject last = read.get();
        while (!done.test(last)) {
            if (Instant.now().isAfter(deadline)) {
                fail(what + " did not happen within 60 s; last trace: " + last);
            }
            Thread.sleep(500);
            last = read.get();
        }
        return last;
    }

    /** A relay stopped with SIGSTOP until closed (SIGCONT). */
    private static final class Frozen implements AutoCloseable {
        final String name;
        private final long pid;

        Frozen(String name) throws IOException, InterruptedException {
            this.name = name;
            this.pid = Long.parseLong(Files.readString(RELAYS.resolve(name + ".pid")).trim());
            signal("STOP");
        }

        private void signal(String signal) throws IOException, InterruptedException {
            Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).inheritIO().start();
            assertEquals(0, kill.waitFor(), "kill -" + signal + " " + name + " relay " + pid);
        }

        @Override
        public void close() throws IOException, InterruptedException {
            signal("CONT");
        }
    }
}
