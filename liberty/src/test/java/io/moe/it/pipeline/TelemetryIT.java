package io.moe.it.pipeline;

import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.logs.v1.LogRecord;
import jakarta.json.Json;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.marker;
import static io.moe.it.pipeline.Pipeline.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * OpenTelemetry as a collector sees it: the test server exports its spans over OTLP/HTTP to a real receiver (devservices'
 * OtlpSink, started by the test build), and the spans of one chat request arrive as one trace — the HTTP request, the
 * pipeline run under it, the stages under the run, the model calls under their stages — with the response id, mode,
 * template, model and tokens as attributes, and the trace id in the answer's provenance trace; what the server logs
 * while a request runs is exported as log records carrying that request's trace id.
 */
class TelemetryIT {

    private static final Path EXPORTS = Path.of(System.getProperty("moe.it.otlp-dir", "target/it-data/otlp"));

    @Test
    void theSpansOfOneChatRequestArriveAsOneTraceWithStagesAndModelCallsUnderTheRun() throws Exception {
        JsonObject answer = ask("moe-orchestrator", "Explain the tides " + marker());
        String responseId = answer.getString("id");
        String traceId = trace(responseId).getString("trace_id", "");
        assertEquals(32, traceId.length(), "the provenance trace names its OpenTelemetry trace");

        // the HTTP request's span ends after the answer was written, so it may come in a later export than the run's
        List<Span> spans = awaitSpans(traceId, s -> s.stream().anyMatch(span -> span.getName().startsWith("moe.pipeline"))
                && s.stream().anyMatch(span -> span.getName().equals("stage merger"))
                && s.stream().anyMatch(span -> span.getKind() == Span.SpanKind.SPAN_KIND_SERVER));
        Map<String, Span> byId = spans.stream().collect(Collectors.toMap(s -> hex(s.getSpanId().toByteArray()), Function.identity(), (a, b) -> a));
        Span run = spans.stream().filter(s -> s.getName().startsWith("moe.pipeline")).findFirst().orElseThrow();
        assertEquals(responseId, attribute(run, "moe.response_id").orElse(""), run.toString());
        assertEquals("default", attribute(run, "moe.mode").orElse(""), "the mode as the usage log names it: " + run);
        assertFalse(attribute(run, "moe.template").orElse("").isEmpty(), run.toString());
        Span server = byId.get(hex(run.getParentSpanId().toByteArray()));
        assertTrue(server != null && server.getKind() == Span.SpanKind.SPAN_KIND_SERVER,
                "the run is a child of the HTTP request's span: " + names(spans));

        Span planner = spans.stream().filter(s -> s.getName().equals("stage planner")).findFirst()
                .orElseThrow(() -> new AssertionError("no planner stage: " + names(spans)));
        assertEquals(hex(run.getSpanId().toByteArray()), hex(planner.getParentSpanId().toByteArray()), "the stage is under the run");
        Span plannerCall = spans.stream().filter(s -> s.getName().startsWith("model ")
                        && hex(s.getParentSpanId().toByteArray()).equals(hex(planner.getSpanId().toByteArray())))
                .findFirst().orElseThrow(() -> new AssertionError("no model call under the planner stage: " + names(spans)));
        assertEquals("planner", attribute(plannerCall, "moe.stage").orElse(""));
        assertTrue(attribute(plannerCall, "moe.model").orElse("").contains("@"), plannerCall.toString());
        assertTrue(plannerCall.getAttributesList().stream().anyMatch(a -> a.getKey().equals("moe.tokens.completion")
                && a.getValue().getIntValue() > 0), plannerCall.toString());
        Span experts = spans.stream().filter(s -> s.getName().equals("stage experts")).findFirst()
                .orElseThrow(() -> new AssertionError("no experts stage: " + names(spans)));
        assertTrue(spans.stream().anyMatch(s -> s.getName().startsWith("model ")
                        && hex(s.getParentSpanId().toByteArray()).equals(hex(experts.getSpanId().toByteArray()))),
                "the experts' calls, made on threads of their own, are under the experts stage: " + names(spans));
        Span cache = spans.stream().filter(s -> s.getName().equals("stage cache")).findFirst()
                .orElseThrow(() -> new AssertionError("no cache stage: " + names(spans)));
        List<String> underCache = spans.stream()
                .filter(s -> hex(s.getParentSpanId().toByteArray()).equals(hex(cache.getSpanId().toByteArray())))
                .sorted(Comparator.comparingLong(Span::getStartTimeUnixNano)).map(Span::getName).distinct().toList();
        assertEquals(3, underCache.size(), "a new question's store calls and embedding under the cache stage: " + underCache);
        assertEquals(Set.of("cache exact", "embedding"), Set.copyOf(underCache.subList(0, 2)),
                "the verbatim lookup and the embedding start together: " + underCache);
        assertEquals("cache nearest", underCache.get(2), "then the vector query (which may widen): " + underCache);
        assertTrue(spans.stream().allMatch(s -> s.getStartTimeUnixNano() <= s.getEndTimeUnixNano()));
    }

    @Test
    void aWarningLoggedWhileARequestRunsCarriesThatRequestsTraceId() throws Exception {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add("planner", m, Json.createObjectBuilder().add("fault", "http_503").build());
            String traceId = trace(ask("moe-orchestrator", "Tell me about " + m).getString("id")).getString("trace_id", "");
            assertEquals(32, traceId.length());

            Instant deadline = Instant.now().plusSeconds(30);
            List<LogRecord> logged = List.of();
            while (Instant.now().isBefore(deadline) && logged.stream().noneMatch(TelemetryIT::saysUnavailable)) {
                logged = logRecords().filter(r -> hex(r.getTraceId().toByteArray()).equals(traceId)).toList();
                Thread.sleep(250);
            }
            assertTrue(logged.stream().anyMatch(TelemetryIT::saysUnavailable),
                    "the planner's warning of this request is exported with its trace id: "
                            + logged.stream().map(r -> r.getBody().getStringValue()).toList());
        }
    }

    private static boolean saysUnavailable(LogRecord record) {
        return record.getBody().getStringValue().contains("unavailable");
    }

    private static Stream<LogRecord> logRecords() {
        try (Stream<Path> files = Files.list(EXPORTS)) {
            return files.filter(f -> f.getFileName().toString().matches("logs-\\d+\\.pb")).toList().stream()
                    .map(file -> {
                        try {
                            return ExportLogsServiceRequest.parseFrom(Files.readAllBytes(file));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .flatMap(r -> r.getResourceLogsList().stream())
                    .flatMap(r -> r.getScopeLogsList().stream())
                    .flatMap(s -> s.getLogRecordsList().stream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The spans of trace {@code traceId} exported so far, once {@code complete} holds for them (at most 30 s). */
    private static List<Span> awaitSpans(String traceId, java.util.function.Predicate<List<Span>> complete) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(30);
        List<Span> spans = List.of();
        while (Instant.now().isBefore(deadline)) {
            spans = exported().filter(s -> hex(s.getTraceId().toByteArray()).equals(traceId)).toList();
            if (complete.test(spans)) {
                return spans;
            }
            Thread.sleep(250);
        }
        fail("the spans of trace " + traceId + " did not all arrive within 30 s; got " + names(spans));
        return spans;
    }

    private static Stream<Span> exported() {
        try (Stream<Path> files = Files.list(EXPORTS)) {
            return files.filter(f -> f.getFileName().toString().matches("traces-\\d+\\.pb")).toList().stream()
                    .map(TelemetryIT::read)
                    .flatMap(r -> r.getResourceSpansList().stream())
                    .flatMap(r -> r.getScopeSpansList().stream())
                    .flatMap(s -> s.getSpansList().stream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ExportTraceServiceRequest read(Path file) {
        try {
            return ExportTraceServiceRequest.parseFrom(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<String> attribute(Span span, String key) {
        return span.getAttributesList().stream().filter(a -> a.getKey().equals(key)).map(KeyValue::getValue)
                .map(v -> v.getStringValue()).findFirst();
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static String names(List<Span> spans) {
        return spans.stream().map(Span::getName).toList().toString();
    }
}
