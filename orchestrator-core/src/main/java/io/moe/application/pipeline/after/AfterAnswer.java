package io.moe.application.pipeline.after;

import io.moe.domain.shared.Failures;
import io.moe.application.pipeline.cache.SelfContained;
import io.moe.application.pipeline.cache.SemanticCache;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.pipeline.trace.ResponseRecord;
import io.moe.application.events.EventOutbox;
import io.moe.application.tracing.ThrottledWarning;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * Rules 10 and 11: the response metadata (with the trace) is kept for 7 days — written before the answer leaves —
 * and, off the response path, the moe.requests event is published for answers longer than 150 characters (the model's
 * answer, before the mode's form). Such an answer is also shared only when it is {@link #fresh fresh} and
 * {@link SelfContained self-contained}: published on moe.ingest for the knowledge graph, and stored in the semantic
 * cache unless the template switches the cache off. A cache hit would cost an unbilled judge call for nothing new,
 * an answer shaped by client-written turns must not reach other users, nor the link to a file made for one. Usage
 * accounting is done by the metered chat around the pipeline. Nothing here can fail the answer; only the one metadata
 * write delays it.
 */
@ApplicationScoped
public class AfterAnswer {

    /** The trace's {@code cache_store} while the answer is on its way into the semantic cache. */
    public static final String CACHE_PENDING = "pending";

    /** Answers up to this length are neither cached nor published. */
    public static final int MIN_CHARS = 150;
    static final int SNIPPET = 300;
    static final int MAX_INPUT = 4000;
    private static final Logger LOG = Logger.getLogger(AfterAnswer.class.getName());
    /** A step's failure, warned once per {@link ThrottledWarning#EVERY}: a store that is down fails it for every answer. */
    private static final Map<String, ThrottledWarning> FAILED = new ConcurrentHashMap<>();

    @Inject
    PipelineExecutor executor;

    @Inject
    ResponseStore responses;

    @Inject
    SemanticCache cache;

    @Inject
    ResponseRecords ratings;

    @Inject
    EventOutbox events;

    /**
     * Keeps the response metadata before the answer leaves (one write to the shared store), so that the client can
     * fetch the trace and rate the answer as soon as it holds it, and schedules the rest. An answer that goes into the
     * semantic cache is kept with {@code cache_store: pending} in its trace until the entry exists: a rating waits for
     * that ({@link io.moe.application.feedback.FeedbackService}), since a bad one must flag the entry.
     */
    public void schedule(PipelineRun run, String content, long millis) {
        // rule 1 measures the model's answer, as the cache keeps it, not the mode's form around it
        boolean substantial = run.verdict().answer() != null && run.verdict().answer().strip().length() > MIN_CHARS;
        // an answer that depends on more than its one question stays the asker's: a conversation, a file made for them,
        // their own correction no admin approved
        boolean selfContained = substantial && fresh(run) && SelfContained.of(run) && !run.findings().madeFile()
                && !run.findings().showedOwnPendingCorrection() && !run.findings().withoutSources();
        // an own template's entries are its owner's scope; an answer a length limit cut (a client's small max_tokens) is
        // not the answer to the question
        // nor is one drawn from web research: current information that a hit could not show its sources for
        boolean cached = selfContained && run.template().enableCache() && !run.verdict().cut() && run.findings().web().isEmpty();
        boolean shared = selfContained && run.templateOwner() == null; // graph facts reach everyone: not from an own template
        JsonObject trace = traceOf(run, millis);
        attempt("response metadata", () -> responses.put(run.id(), metadata(run, cached ? with(trace, CACHE_PENDING) : trace).toJson()));
        executor.branch(() -> {
            work(run, content, trace, substantial, shared, cached);
            return null;
        });
    }

    private void work(PipelineRun run, String content, JsonObject trace, boolean substantial, boolean shared, boolean cached) {
        if (cached) {
            attempt("cache store", () -> cache.store(run, run.verdict().answer()).ifPresent(run.verdict()::storedInCache));
            attempt("response metadata", () -> responses.put(run.id(), metadata(run, with(trace,
                    run.verdict().cacheEntryId() != null ? "stored" : "not_stored")).toJson()));
            attempt("an early rating", () -> flagIfRatedBadly(run));
        }
        if (substantial) {
            attempt("events", () -> {
                String user = run.caller() == null ? "anon" : run.caller().userId();
                events.publish("moe.requests", run.id(), Jsonp.createObjectBuilder().add("response_id", run.id())
                        .add("user_id", user).add("mode", run.mode().modeName()).add("template", run.template().name())
                        .add("input", cut(run.question().text(), MAX_INPUT)).add("answer_snippet", cut(content, SNIPPET))
                        .add("models", models(run)).add("cache_hit", run.verdict().fromCache())
                        .add("total_tokens", run.usage().totalTokens()).add("at", Ids.nowUtc().toString()).build());
                if (shared) {
                    events.publish("moe.ingest", run.id(), Jsonp.createObjectBuilder().add("response_id", run.id())
                            .add("template", run.template().name()).add("query", cut(run.question().text(), MAX_INPUT))
                            .add("answer", content).add("categories", categories(run)).add("at", Ids.nowUtc().toString()).build());
                }
            });
        }
    }

    /**
     * A rating of 1 or 2 that came while the entry was being stored (a rating waits for the store 5 s at most, then
     * finds no entry to flag) flags it now, so a bad answer is never served from the cache.
     */
    private void flagIfRatedBadly(PipelineRun run) {
        String entry = run.verdict().cacheEntryId();
        if (entry != null && ratings.rating(run.id()).stream().anyMatch(rating -> rating <= 2)) {
            cache.flag(entry);
        }
    }

    /**
     * True for an answer the pipeline has just generated: not a cache hit, not an internal front-end
     * request (those have no plan), and written by a model (not only failures).
     */
    static boolean fresh(PipelineRun run) {
        return !run.verdict().fromCache() && run.findings().plan() != null && run.verdict().answer() != null
                && (run.verdict().firstFailure() == null || run.findings().everyRound().stream().anyMatch(r -> !r.failed()));
    }

    private static ResponseRecord metadata(PipelineRun run, JsonObject trace) {
        List<ResponseRecord.RatedExpert> experts = run.findings().everyRound().stream().filter(r -> !r.failed())
                .map(r -> new ResponseRecord.RatedExpert(r.model(), r.category(), r.confidence().label())).toList();
        return new ResponseRecord(run.id(), run.caller() == null ? "anon" : run.caller().userId(),
                run.caller() == null || run.caller().apiKeyId() == null ? "" : run.caller().apiKeyId(),
                run.mode().modeName(), run.template().name(), cut(run.question().text(), MAX_INPUT),
                cut(run.verdict().answer() == null ? "" : run.verdict().answer(), MAX_INPUT), learnedPattern(run),
                experts, run.findings().graph().stream().map(GraphFact::id).toList(), run.verdict().cacheEntryId(), Ids.nowUtc().toString(), trace);
    }

    /**
     * The plan's category combination, which a good rating teaches every planner; none for an own template, whose
     * categories are its owner's words.
     */
    private static String learnedPattern(PipelineRun run) {
        return run.findings().plan() == null || run.templateOwner() != null ? "" : run.findings().plan().pattern();
    }

    private static JsonObject with(JsonObject trace, String cacheStore) {
        return Jsonp.createObjectBuilder(trace).add("cache_store", cacheStore).build();
    }

    private static JsonObject traceOf(PipelineRun run, long millis) {
        JsonObject stages = run.trace().toJson(run.calls());
        var usage = run.usage();
        return Jsonp.createObjectBuilder(stages).add("response_id", run.id()).add("mode", run.mode().modeName())
                .add("template", run.template().name())
                .add("plan", run.findings().plan() == null ? Jsonp.createArrayBuilder().build() : run.findings().plan().toJson())
                .add("graph_facts", facts(run)).add("cache_hit", run.verdict().fromCache())
                .add("confidence", run.verdict().confidence().label())
                .add("usage", Jsonp.createObjectBuilder().add("prompt_tokens", usage.promptTokens())
                        .add("completion_tokens", usage.completionTokens()).add("total_tokens", usage.totalTokens()))
                .add("total_ms", millis).build();
    }

    private static JsonArrayBuilder facts(PipelineRun run) {
        JsonArrayBuilder a = Jsonp.createArrayBuilder();
        run.findings().graph().forEach(f -> a.add(Jsonp.createObjectBuilder().add("id", f.id()).add("fact", f.sentence()).add("trust", f.trust())));
        return a;
    }

    private static JsonArrayBuilder models(PipelineRun run) {
        JsonArrayBuilder a = Jsonp.createArrayBuilder();
        run.calls().stream().map(c -> c.completion().model()).distinct().forEach(a::add);
        return a;
    }

    private static JsonArrayBuilder categories(PipelineRun run) {
        JsonArrayBuilder a = Jsonp.createArrayBuilder();
        if (run.findings().plan() != null) {
            run.findings().plan().tasks().stream().map(t -> t.category()).distinct().forEach(a::add);
        }
        return a;
    }

    private static String cut(String text, int max) {
        return text.length() > max ? text.substring(0, max) : text;
    }

    private static void attempt(String what, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            FAILED.computeIfAbsent(what, step -> new ThrottledWarning(LOG))
                    .warn(() -> "After-answer step failed (" + what + "): " + Failures.describe(e));
        }
    }
}
