package io.moe.simulator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** POST /v1/chat/completions in the OpenAI format, streamed or not, with scripted answers and faults. */
final class ChatCompletionsHandler implements HttpHandler {

    private static final int STREAM_PIECE = 20;
    private static final long HOLD_MINUTES = 10;
    private static final int TOOL_CALL_TOKENS = 12;

    private final Rules rules;
    private final CallLog calls;
    private final CountDownLatch closed;
    private final AtomicLong ids = new AtomicLong();
    private static final long REQUESTS_PER_MINUTE = 10_000;
    private static final long TOKENS_PER_MINUTE = 10_000_000;
    private final AtomicLong windowMinute = new AtomicLong();
    private final AtomicLong windowRequests = new AtomicLong();
    /** Chat calls being answered right now: the call log shows it, so tests see a server's parallelism. */
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();

    ChatCompletionsHandler(Rules rules, CallLog calls, CountDownLatch closed) {
        this.rules = rules;
        this.calls = calls;
        this.closed = closed;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        inFlight.incrementAndGet();
        try {
            answer(exchange);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    /**
     * The rate-limit headers hosted OpenAI-compatible servers send: a budget of requests and tokens per minute,
     * what is left of it in the current minute, and when it resets.
     */
    private void rateLimitHeaders(HttpExchange exchange) {
        long minute = System.currentTimeMillis() / 60_000;
        if (windowMinute.getAndSet(minute) != minute) {
            windowRequests.set(0);
        }
        long used = windowRequests.incrementAndGet();
        long resetSeconds = 60 - (System.currentTimeMillis() / 1000) % 60;
        var headers = exchange.getResponseHeaders();
        headers.set("x-ratelimit-limit-requests", String.valueOf(REQUESTS_PER_MINUTE));
        headers.set("x-ratelimit-remaining-requests", String.valueOf(Math.max(0, REQUESTS_PER_MINUTE - used)));
        headers.set("x-ratelimit-limit-tokens", String.valueOf(TOKENS_PER_MINUTE));
        headers.set("x-ratelimit-remaining-tokens", String.valueOf(Math.max(0, TOKENS_PER_MINUTE - used * 100)));
        headers.set("x-ratelimit-reset-requests", resetSeconds + "s");
        headers.set("x-ratelimit-reset-tokens", resetSeconds + "s");
    }

    private void answer(HttpExchange exchange) throws IOException {
        rateLimitHeaders(exchange);
        if (!"POST".equals(exchange.getRequestMethod())) {
            Exchanges.error(exchange, 405, "method_not_allowed", "use POST");
            return;
        }
        JsonObject body = Exchanges.jsonBody(exchange);
        if (body == null) {
            return;
        }
        SimRequest request;
        try {
            request = SimRequest.of(body);
        } catch (IllegalArgumentException e) {
            Exchanges.error(exchange, 400, "invalid_request", e.getMessage());
            return;
        }
        Role role = Role.of(request.system());
        String category = Role.category(request.system());
        Optional<Rule> rule = rules.take(request, role, category);
        String fault = rule.map(Rule::fault).orElse(null);
        String confidence = rule.map(Rule::confidence).orElse("hoch");
        if (rule.isEmpty() && request.wantsToolCall()) {
            calls.record(request, role, category, TOOL_CALL_TOKENS, null, inFlight.get());
            toolCall(exchange, request);
            return;
        }
        String content = rule.map(Rule::content)
                .map(c -> rule.get().confidence() == null || "none".equals(confidence) ? c : c + "\nKONFIDENZ: " + confidence)
                .orElseGet(() -> "tool".equals(request.lastRole()) ? "The tool answered: " + request.lastText()
                        : Answers.answer(role, request, confidence));
        content = Answers.confidenceWhereAsked(content, request.system());
        boolean cut = request.maxTokens() > 0 && Tokens.count(content) > request.maxTokens();
        if (cut) {
            content = Tokens.truncate(content, request.maxTokens()); // a real server stops writing at max_tokens
        }
        String finish = cut ? "length" : "stop";
        int completionTokens = fault == null || fault.equals("missing_done") || fault.equals("malformed_chunk")
                ? Tokens.count(content) : 0;
        calls.record(request, role, category, completionTokens, fault, inFlight.get());

        pause(rule.map(Rule::latencyMs).orElse(0L));
        if (fault != null && answerWithFault(exchange, request, fault, rule.get())) {
            return;
        }
        String id = "chatcmpl-sim-" + ids.incrementAndGet();
        long created = Instant.now().getEpochSecond();
        if (request.stream()) {
            stream(exchange, request, id, created, content, completionTokens, fault, rule.map(Rule::firstTokenDelayMs).orElse(0L),
                    rule.map(Rule::chunkDelayMs).orElse(0L), finish);
        } else {
            Exchanges.json(exchange, 200, Json.createObjectBuilder()
                    .add("id", id).add("object", "chat.completion").add("created", created).add("model", request.model())
                    .add("choices", Json.createArrayBuilder().add(Json.createObjectBuilder().add("index", 0)
                            .add("message", Json.createObjectBuilder().add("role", "assistant").add("content", content))
                            .add("finish_reason", finish)))
                    .add("usage", usage(request.promptTokens(), completionTokens)).build());
        }
    }

    /**
     * Calls the first offered function, as a model does when the user asks for something a tool can do:
     * {@code finish_reason} {@code tool_calls}, arguments echoing the user's words.
     */
    private void toolCall(HttpExchange exchange, SimRequest request) throws IOException {
        String id = "chatcmpl-sim-" + ids.incrementAndGet();
        long created = Instant.now().getEpochSecond();
        JsonObjectBuilder call = Json.createObjectBuilder().add("id", "call_sim_" + ids.get()).add("type", "function")
                .add("function", Json.createObjectBuilder().add("name", request.tools().get(0))
                        .add("arguments", Json.createObjectBuilder().add("query", request.user()).build().toString()));
        if (!request.stream()) {
            Exchanges.json(exchange, 200, Json.createObjectBuilder()
                    .add("id", id).add("object", "chat.completion").add("created", created).add("model", request.model())
                    .add("choices", Json.createArrayBuilder().add(Json.createObjectBuilder().add("index", 0)
                            .add("message", Json.createObjectBuilder().add("role", "assistant").addNull("content")
                                    .add("tool_calls", Json.createArrayBuilder().add(call)))
                            .add("finish_reason", "tool_calls")))
                    .add("usage", usage(request.promptTokens(), TOOL_CALL_TOKENS)).build());
            return;
        }
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        send(out, chunk(id, created, request.model(), Json.createObjectBuilder().add("role", "assistant")
                .add("tool_calls", Json.createArrayBuilder().add(call.add("index", 0))), null));
        send(out, chunk(id, created, request.model(), Json.createObjectBuilder(), "tool_calls"));
        if (request.includeUsage()) {
            send(out, Json.createObjectBuilder().add("id", id).add("object", "chat.completion.chunk")
                    .add("created", created).add("model", request.model()).add("choices", Json.createArrayBuilder())
                    .add("usage", usage(request.promptTokens(), TOOL_CALL_TOKENS)).build());
        }
        out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
        out.close();
    }

    /** Answers with a fault that replaces the whole response; false when the fault belongs inside a stream. */
    private boolean answerWithFault(HttpExchange exchange, SimRequest request, String fault, Rule rule) throws IOException {
        switch (fault) {
            case "http_429" -> {
                exchange.getResponseHeaders().set("Retry-After", String.valueOf(rule.retryAfter()));
                Exchanges.error(exchange, 429, "rate_limit_exceeded", "simulated rate limit");
            }
            case "http_429_no_retry_after" -> Exchanges.error(exchange, 429, "rate_limit_exceeded", "simulated rate limit");
            case "http_500" -> Exchanges.error(exchange, 500, "internal_error", "simulated server error");
            case "http_502" -> Exchanges.error(exchange, 502, "bad_gateway", "simulated broken upstream of the server");
            case "http_503" -> Exchanges.error(exchange, 503, "overloaded", "simulated overload");
            case "http_400_context" -> Exchanges.error(exchange, 400, "context_length_exceeded",
                    "This model's maximum context length is 4096 tokens; the messages resulted in more (simulated)");
            case "http_404" -> Exchanges.error(exchange, 404, "model_not_found",
                    "model '" + request.model() + "' not found, try pulling it first");
            case "reset" -> throw new IOException("simulated connection reset");
            case "no_response" -> {
                hold();
                throw new IOException("simulated server that never answered");
            }
            default -> {
                if (request.stream()) {
                    return false;
                }
                switch (fault) {
                    case "stall" -> {
                        hold();
                        throw new IOException("simulated stall");
                    }
                    case "stream_cut" -> throw new IOException("simulated cut");
                    case "malformed_chunk" -> {
                        byte[] broken = "{\"id\": \"chatcmpl-broken\", \"choices\": [".getBytes(StandardCharsets.UTF_8);
                        exchange.getResponseHeaders().set("Content-Type", "application/json");
                        exchange.sendResponseHeaders(200, broken.length);
                        try (OutputStream out = exchange.getResponseBody()) {
                            out.write(broken);
                        }
                    }
                    default -> {
                        return false; // missing_done has no meaning without a stream
                    }
                }
            }
        }
        return true;
    }

    private void stream(HttpExchange exchange, SimRequest request, String id, long created, String content,
                        int completionTokens, String fault, long firstTokenDelayMs, long chunkDelayMs, String finish) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        send(out, chunk(id, created, request.model(), Json.createObjectBuilder().add("role", "assistant").add("content", ""), null));
        if ("stall".equals(fault)) {
            hold();
            throw new IOException("simulated stall");
        }
        pause(firstTokenDelayMs);
        if ("malformed_chunk".equals(fault)) {
            out.write("data: {not json\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        List<String> pieces = pieces(content);
        int cutAt = "stream_cut".equals(fault) ? Math.min(pieces.size(), Math.max(1, pieces.size() / 2)) : -1;
        for (int i = 0; i < pieces.size(); i++) {
            if (i == cutAt) {
                break;
            }
            if (i > 0) {
                pause(chunkDelayMs); // a model writing slowly
            }
            send(out, chunk(id, created, request.model(), Json.createObjectBuilder().add("content", pieces.get(i)), null));
        }
        if (cutAt >= 0) {
            throw new IOException("simulated stream cut"); // the server drops the connection mid-stream
        }
        send(out, chunk(id, created, request.model(), Json.createObjectBuilder(), finish));
        if (request.includeUsage()) {
            send(out, Json.createObjectBuilder().add("id", id).add("object", "chat.completion.chunk")
                    .add("created", created).add("model", request.model()).add("choices", Json.createArrayBuilder())
                    .add("usage", usage(request.promptTokens(), completionTokens)).build());
        }
        if (!"missing_done".equals(fault)) {
            out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
        }
        out.close();
    }

    private static JsonObject chunk(String id, long created, String model, JsonObjectBuilder delta, String finish) {
        JsonObjectBuilder choice = Json.createObjectBuilder().add("index", 0).add("delta", delta);
        if (finish == null) {
            choice.addNull("finish_reason");
        } else {
            choice.add("finish_reason", finish);
        }
        return Json.createObjectBuilder().add("id", id).add("object", "chat.completion.chunk").add("created", created)
                .add("model", model).add("choices", Json.createArrayBuilder().add(choice)).build();
    }

    private static void send(OutputStream out, JsonObject event) throws IOException {
        out.write(("data: " + event + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static JsonObject usage(int prompt, int completion) {
        return Json.createObjectBuilder().add("prompt_tokens", prompt).add("completion_tokens", completion)
                .add("total_tokens", prompt + completion).build();
    }

    private static List<String> pieces(String content) {
        List<String> pieces = new ArrayList<>();
        for (int i = 0; i < content.length(); ) {
            int end = Math.min(content.length(), i + STREAM_PIECE);
            if (end < content.length() && Character.isHighSurrogate(content.charAt(end - 1))) {
                end++;
            }
            pieces.add(content.substring(i, end));
            i = end;
        }
        return pieces;
    }

    /** Waits {@code millis}, or less when the simulator closes. */
    private void pause(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            closed.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Holds the connection open without answering, until the simulator closes (at most 10 minutes). */
    private void hold() {
        pause(TimeUnit.MINUTES.toMillis(HOLD_MINUTES));
    }
}
