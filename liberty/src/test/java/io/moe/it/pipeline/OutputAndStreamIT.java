package io.moe.it.pipeline;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.content;
import static io.moe.it.pipeline.Pipeline.marker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The eight output modes' forms, and pipeline progress in the think panel of a stream. */
class OutputAndStreamIT {

    @Test
    void defaultModeHasTheKernaussageKonfidenzDetailsBlock() {
        String text = content(ask("moe-orchestrator", "Why is grass green " + marker()));
        assertTrue(text.matches("(?s)KERNAUSSAGE: .+\nKONFIDENZ: hoch\nDETAILS:\n.+"), text);
    }

    @Test
    void codeModeStartsWithTheConfidenceComment() {
        String text = content(ask("moe-orchestrator-code", "Write a function that adds two numbers " + marker()));
        assertTrue(text.startsWith("# KONFIDENZ: hoch\n"), text);
    }

    @Test
    void conciseModeHasTheInlinePrefixAndAboutOneHundredTwentyWords() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add("expert", m, Json.createObjectBuilder().add("content", "word ".repeat(400)).add("confidence", "hoch").build());
            String text = content(ask("moe-orchestrator-concise", "Say a lot " + m));
            assertTrue(text.startsWith("KONFIDENZ: hoch "), text);
            assertTrue(text.split("\\s+").length <= 125, "about 120 words: " + text.split("\\s+").length);
        }
    }

    @Test
    void agentModesAreCleanMarkdownWithoutConfidence() {
        for (String model : List.of("moe-orchestrator-agent", "moe-orchestrator-agent-orchestrated")) {
            String text = content(ask(model, "Refactor my loop " + marker()));
            assertFalse(text.contains("KONFIDENZ"), model + ": " + text);
        }
    }

    @Test
    void reportAndPlanModesHaveTheirStructureAndAConfidenceBlock() {
        String report = content(ask("moe-orchestrator-report", "Report on bees " + marker()));
        assertTrue(report.contains("## Executive summary"), report);
        assertTrue(report.matches("(?s).*\n---\nKONFIDENZ: (hoch|mittel|niedrig)$"), report);
        String plan = content(ask("moe-orchestrator-plan", "Plan a move " + marker()));
        assertTrue(plan.startsWith("## Plan") && plan.matches("(?s).*KONFIDENZ: (hoch|mittel|niedrig)$"), plan);
    }

    @Test
    void progressLinesFillTheThinkPanelBeforeTheAnswer() {
        String content = streamedContent(stream("Stream about how coral reefs grow", false), "content");
        assertTrue(content.startsWith("<think>\nPlanning the answer\n"), content);
        int close = content.indexOf("</think>\n\n");
        assertTrue(close > 0, content);
        String panel = content.substring(0, close);
        assertTrue(panel.contains("Asking experts: general"), panel);
        assertFalse(panel.contains("You are"), "never an internal prompt: " + panel);
        assertTrue(content.substring(close).contains("KERNAUSSAGE"), "the answer follows the panel");
    }

    @Test
    void reasoningContentCarriesTheProgressWhenTheClientAsksForIt() {
        List<JsonObject> deltas = deltas(stream("Stream about tides", true));
        String reasoning = String.join("", deltas.stream().filter(d -> d.containsKey("reasoning_content"))
                .map(d -> d.getString("reasoning_content")).toList());
        String content = String.join("", deltas.stream().filter(d -> d.containsKey("content")).map(d -> d.getString("content")).toList());
        assertTrue(reasoning.contains("Planning the answer"), reasoning);
        assertFalse(content.contains("<think>"), content);
        assertTrue(content.startsWith("KERNAUSSAGE"), content);
    }

    @Test
    void theJudgesAnswerReachesTheClientWhileTheJudgeIsStillWriting() throws Exception {
        String m = marker();
        String judged = "Tides follow the moon because its gravity pulls on the oceans. "
                + "The sun adds a smaller pull, so spring tides and neap tides alternate through the month. ".repeat(3);
        try (var script = new Pipeline.Script()) {
            script.add("expert", m, Json.createObjectBuilder().add("content", "Tides come from the moon.").add("confidence", "mittel").build());
            script.add("judge", m, Json.createObjectBuilder().add("content", judged).add("confidence", "hoch")
                    .add("chunk_delay_ms", 100).build()); // 20 characters every 100 ms: about 2 s of writing
            Streamed streamed = streamAfterThePanel("Why are there tides " + m);
            List<String> pieces = streamed.pieces();
            String answer = String.join("", pieces);
            assertTrue(answer.matches("(?s)KERNAUSSAGE: Tides follow the moon because its gravity pulls on the oceans\\.\n"
                    + "KONFIDENZ: (hoch|mittel|niedrig)\nDETAILS:\nTides follow the moon.*alternate through the month\\."), answer);
            assertEquals(1, answer.split("KONFIDENZ").length - 1, "the judge's own confidence line is not in the text: " + answer);
            assertTrue(pieces.size() >= 5, "the answer came in many chunks: " + pieces);
            streamed.arrivedWhileWritten("judge");
        }
    }

    @Test
    void theOneSureExpertsAnswerReachesTheClientWhileItIsStillWriting() throws Exception {
        String m = marker();
        String written = "Tides follow the moon because its gravity pulls on the oceans. "
                + "The sun adds a smaller pull, so spring tides and neap tides alternate through the month. ".repeat(3);
        try (var script = new Pipeline.Script()) {
            script.add("expert", m, Json.createObjectBuilder().add("content", written).add("confidence", "hoch")
                    .add("chunk_delay_ms", 100).build()); // 20 characters every 100 ms: about 2 s of writing
            Streamed streamed = streamAfterThePanel("Why are there tides " + m);
            List<String> pieces = streamed.pieces();
            String answer = String.join("", pieces);
            assertTrue(answer.matches("(?s)KERNAUSSAGE: Tides follow the moon because its gravity pulls on the oceans\\.\n"
                    + "KONFIDENZ: hoch\nDETAILS:\nTides follow the moon.*alternate through the month\\."), answer);
            assertEquals(1, answer.split("KONFIDENZ").length - 1, "the expert's own confidence line is not in the text: " + answer);
            streamed.arrivedWhileWritten("expert");
            assertEquals("fast_path", Pipeline.trace(streamed.id()).getString("merger"), "no judge merged it");
            assertTrue(Pipeline.calls(m, "judge").isEmpty(), "the judge was not asked");
        }
    }

    /** A streamed answer's content pieces after the think panel closed, when each arrived, and the response id. */
    private record Streamed(List<String> pieces, List<Long> arrivals, String id) {

        /** The chunks, of at most about 50 characters, came while the model wrote for about 2 s, not all at its end. */
        void arrivedWhileWritten(String writer) {
            long spreadMillis = (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1_000_000;
            assertTrue(spreadMillis >= 500, "the first chunks arrived while the " + writer + " was still writing (it wrote for "
                    + "about 2 s), not all at once at its end: first to last chunk " + spreadMillis + " ms");
            assertTrue(pieces.stream().allMatch(p -> p.length() <= 50), "chunks of at most about 50 characters: " + pieces);
        }
    }

    private static Streamed streamAfterThePanel(String question) throws Exception {
        var body = Json.createObjectBuilder().add("model", "moe-orchestrator").add("stream", true)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                        .add("content", question))).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(Pipeline.CHAT)).header("Content-Type", "application/json")
                .header("Authorization", Http.bearer(ItConfig.apiKey())).POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
        List<String> pieces = new ArrayList<>();
        List<Long> arrivals = new ArrayList<>();
        String[] id = {null};
        boolean[] panelClosed = {false};
        HttpResponse<java.util.stream.Stream<String>> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, response.statusCode());
        response.body().filter(l -> l.startsWith("data: {")).forEach(l -> {
            JsonObject chunk = (JsonObject) Http.json(l.substring(6));
            id[0] = chunk.getString("id", id[0]);
            if (chunk.getJsonArray("choices").isEmpty()) {
                return;
            }
            String text = chunk.getJsonArray("choices").getJsonObject(0).getJsonObject("delta").getString("content", "");
            if (panelClosed[0] && !text.isEmpty()) {
                pieces.add(text);
                arrivals.add(System.nanoTime());
            }
            panelClosed[0] |= text.contains("</think>");
        });
        return new Streamed(pieces, arrivals, id[0]);
    }

    /**
     * Streams {@code question} with a marker. The tests that stream ask about different topics: two questions alike
     * but for their random marker words came close enough, once, for the second to be a hard semantic-cache hit.
     */
    private static String stream(String question, boolean reasoningContent) {
        var body = Json.createObjectBuilder().add("model", "moe-orchestrator").add("stream", true)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                        .add("content", question + " " + marker())));
        if (reasoningContent) {
            body.add("include_reasoning", true);
        }
        var response = Http.post(Pipeline.CHAT, body.build().toString(), "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(200, response.statusCode(), response.body());
        return response.body();
    }

    private static List<JsonObject> deltas(String sse) {
        return Arrays.stream(sse.split("\n")).filter(l -> l.startsWith("data: {"))
                .map(l -> (JsonObject) Http.json(l.substring(6)))
                .filter(o -> !o.getJsonArray("choices").isEmpty())
                .map(o -> o.getJsonArray("choices").getJsonObject(0).getJsonObject("delta")).toList();
    }

    private static String streamedContent(String sse, String field) {
        StringBuilder out = new StringBuilder();
        deltas(sse).stream().filter(d -> d.containsKey(field)).forEach(d -> out.append(d.getString(field)));
        return out.toString();
    }
}
