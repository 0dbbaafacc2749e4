package io.moe.application.pipeline;

import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.ToolResult;
import io.moe.domain.template.ExpertTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One request on its way through the pipeline: the input, the template it runs with, what each stage
 * found, every model call made (for usage and the trace), and where progress lines go.
 *
 * <p><b>Threading rule.</b> A run is driven by one pipeline thread (the task {@code ChatService} starts on
 * the bounded pipeline executor). Only that thread sets the run's state (question, plan, experts, tools,
 * graph facts, math, reasoning, examples, answer). The branches of the parallel stage and of the expert
 * tiers run on other threads and <em>return</em> their results; the pipeline thread stores them after
 * joining the branches, and the join is what makes them visible. The parts that branches write directly
 * are thread-safe on their own: the trace ({@link PipelineTrace}, synchronized), the model-call ledger
 * ({@link CallLedger}), the web research text ({@link #addWeb}), the first failure
 * ({@link #recordFailure}) and the cancellation ({@link Cancellation}). Three executors take part: the
 * pipeline executor (one task per request, bounded, 503 when full), the default managed executor for
 * branches (a full pipeline pool can never leave a request waiting for a branch), and the fault-tolerance
 * executor of the model calls (bounded by the model-slot bulkhead).
 */
public final class PipelineRun {

    private final String id;
    private final Caller caller;
    private final ChatRequest request;
    private final ExpertTemplate template;
    private final Progress progress;
    private final PipelineTrace trace = new PipelineTrace();
    private final CallLedger ledger;
    private final Cancellation cancellation;

    private String query;
    private List<ChatMessage> messages;
    private Plan plan;
    private List<ExpertResult> experts = List.of();
    private final List<ExpertResult> findings = new ArrayList<>();
    private List<ToolResult> tools = List.of();
    private List<GraphFact> graph = List.of();
    private final StringBuilder web = new StringBuilder();
    private int webSources;
    private String math = "";
    private String reasoning = "";
    private List<String> examples = List.of();
    private String agenticContext = "";
    private String answer;
    private Confidence confidence = Confidence.MITTEL;
    private boolean cacheHit;
    private RuntimeException firstFailure;
    private String cacheEntryId;

    public PipelineRun(String id, Caller caller, ChatRequest request, ExpertTemplate template, Progress progress) {
        this(id, caller, request, template, progress, new CallLedger(), Cancellation.none());
    }

    /** A run whose model calls go to {@code ledger} and that stops when {@code cancellation} is triggered. */
    public PipelineRun(String id, Caller caller, ChatRequest request, ExpertTemplate template, Progress progress,
                       CallLedger ledger, Cancellation cancellation) {
        this.ledger = ledger;
        this.cancellation = cancellation;
        this.id = id;
        this.caller = caller;
        this.request = request;
        this.template = template;
        this.progress = progress == null ? Progress.NONE : progress;
        this.messages = request.messages();
        this.query = request.lastUserText();
    }

    public String id() {
        return id;
    }

    public Caller caller() {
        return caller;
    }

    public ChatRequest request() {
        return request;
    }

    public Mode mode() {
        return request.mode();
    }

    public ExpertTemplate template() {
        return template;
    }

    public PipelineTrace trace() {
        return trace;
    }

    public void status(String line) {
        progress.status(line);
    }

    /** Runs {@code work} as the stage {@code name}, adding its wall time to the trace. */
    public <T> T timed(String name, Supplier<T> work) {
        long start = System.nanoTime();
        try {
            return work.get();
        } finally {
            trace.stage(name, (System.nanoTime() - start) / 1_000_000);
        }
    }

    public void timed(String name, Runnable work) {
        timed(name, () -> {
            work.run();
            return null;
        });
    }

    public void recordCall(StageCall call) {
        ledger.record(call);
    }

    public List<StageCall> calls() {
        return ledger.calls();
    }

    public List<Completion> completions() {
        return ledger.completions();
    }

    public TokenUsage usage() {
        return ledger.usage();
    }

    /** Stops the run when its client went away; stages check it before each model call. */
    public Cancellation cancellation() {
        return cancellation;
    }

    /** The user's question as the pipeline answers it (after skill resolution). */
    public String query() {
        return query;
    }

    /** The conversation as the pipeline answers it (after skill resolution). */
    public List<ChatMessage> messages() {
        return messages;
    }

    public void replaceQuery(String text) {
        List<ChatMessage> copy = new ArrayList<>(messages);
        for (int i = copy.size() - 1; i >= 0; i--) {
            if ("user".equals(copy.get(i).role())) {
                copy.set(i, new ChatMessage("user", text, copy.get(i).imageUrls()));
                break;
            }
        }
        this.messages = List.copyOf(copy);
        this.query = text;
    }

    /** Images of the last user turn (rule 14). */
    public List<String> images() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if ("user".equals(messages.get(i).role())) {
                return messages.get(i).imageUrls();
            }
        }
        return List.of();
    }

    public Plan plan() {
        return plan;
    }

    public void plan(Plan plan) {
        this.plan = plan;
    }

    public List<ExpertResult> experts() {
        return experts;
    }

    public void experts(List<ExpertResult> results) {
        this.experts = List.copyOf(results);
        findings.addAll(results);
    }

    /** Every expert result of every agentic round, oldest first. */
    public List<ExpertResult> findings() {
        return List.copyOf(findings);
    }

    public List<ToolResult> tools() {
        return tools;
    }

    /** Adds tool results; results of earlier agentic rounds are kept. */
    public void tools(List<ToolResult> results) {
        List<ToolResult> all = new ArrayList<>(tools);
        all.addAll(results);
        this.tools = List.copyOf(all);
    }

    public List<GraphFact> graph() {
        return graph;
    }

    public void graph(List<GraphFact> facts) {
        this.graph = List.copyOf(facts);
    }

    public synchronized String web() {
        return web.toString();
    }

    /** Appends search results as numbered sources, continuing the numbering of earlier searches. */
    public synchronized void addWeb(String heading, List<io.moe.infrastructure.search.SearchHit> hits) {
        if (hits.isEmpty()) {
            return;
        }
        web.append(web.length() == 0 ? "" : "\n").append(heading).append('\n');
        for (var hit : hits) {
            web.append('[').append(++webSources).append("] ").append(hit.title()).append(": ").append(hit.snippet())
                    .append(" (").append(hit.url()).append(")\n");
        }
    }

    public String math() {
        return math;
    }

    public void math(String result) {
        this.math = result == null ? "" : result;
    }

    public String reasoning() {
        return reasoning;
    }

    public void reasoning(String trace) {
        this.reasoning = trace == null ? "" : trace;
    }

    /** Few-shot examples from soft cache hits (rule 1). */
    public List<String> examples() {
        return examples;
    }

    public void examples(List<String> found) {
        this.examples = List.copyOf(found);
    }

    public String agenticContext() {
        return agenticContext;
    }

    public void agenticContext(String context) {
        this.agenticContext = context;
    }

    public String answer() {
        return answer;
    }

    public void answer(String text, Confidence level) {
        this.answer = text;
        this.confidence = level;
    }

    public Confidence confidence() {
        return confidence;
    }

    public boolean cacheHit() {
        return cacheHit;
    }

    public void cacheHit(String entryId) {
        this.cacheHit = true;
        this.cacheEntryId = entryId;
    }

    /** Remembers the first failed model call, to report when no stage produced anything. */
    public synchronized void recordFailure(RuntimeException failure) {
        if (firstFailure == null) {
            firstFailure = failure;
        }
    }

    public synchronized RuntimeException firstFailure() {
        return firstFailure;
    }

    public String cacheEntryId() {
        return cacheEntryId;
    }

    public void cacheEntryId(String entryId) {
        this.cacheEntryId = entryId;
    }
}
