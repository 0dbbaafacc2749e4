package io.moe.application.pipeline.cache;

import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.pipeline.Confidence;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.embedding.SentenceEmbedder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The semantic cache (rule 1). Questions are normalised (lower case, punctuation stripped), embedded
 * in-process, and kept in a nearest-neighbour index ({@link SemanticCacheIndex}), so lookup stays fast as
 * the cache grows. Entries are scoped by template and mode; entries flagged by negative feedback are never
 * served, not even as examples. An entry is written once and never overwritten (a flag is never cleared by
 * a later store).
 */
@ApplicationScoped
public class SemanticCache {

    public static final double HARD = 0.15;
    public static final double SOFT = 0.50;
    static final int MAX_EXAMPLES = 2;
    /**
     * The longest question kept: the store looks questions up by an index whose keys hold at most 8 KB (up to four
     * bytes a character), and a question of pages is not asked again word for word anyway. A longer one is answered
     * and not cached (the trace says {@code cache_store: not_stored}).
     */
    static final int MAX_QUESTION = 2_000;
    /**
     * Candidates asked of the index at first; widened tenfold (up to {@link #MAX_CANDIDATES}) when crowded. An HNSW
     * search costs about its number of candidates (100,000 entries on two cores: 10 about 10 ms, 50 about 18 ms).
     */
    public static final int CANDIDATES = 10;
    static final int MAX_CANDIDATES = 5_000;

    @Inject
    SentenceEmbedder embedder;

    @Inject
    SemanticCacheIndex index;

    @Inject
    PipelineExecutor executor;

    private final KnownQuestions knownQuestions = new KnownQuestions();

    /** A cached answer near the question. */
    public record Hit(String id, String question, String answer, Confidence confidence, double distance) {
    }

    /**
     * The nearest unflagged entries of the scope, nearest first, at most {@code limit}: the entries of exactly this
     * question when there are any (without embedding it), else those the vectors find. The index is
     * asked for more candidates only while all it returned were closer than a soft hit and too few of
     * them belonged to this scope: then entries of other scopes may hide a hit of this one.
     */
    public List<Hit> nearest(String scope, String question, int limit) {
        return nearest(null, scope, question, limit);
    }

    /**
     * The run's question's nearest entries ({@link #nearest(String, String, int)}); the question keeps its embedding,
     * and the lookups and the embedding are spans of the run's cache stage. A question this node stored or served
     * verbatim is looked up before it is embedded ({@link KnownQuestions}); any other is embedded and looked up by its vector
     * while the verbatim lookup runs, and a repeated question is answered without waiting for either.
     */
    public List<Hit> nearest(PipelineRun run, int limit) {
        return nearest(run, scope(run), run.question().text(), limit);
    }

    private List<Hit> nearest(PipelineRun run, String scope, String question, int limit) {
        String normalised = normalise(question);
        if (normalised.isEmpty()) {
            return List.of(); // punctuation alone has no meaning to match
        }
        // a run's question is embedded and looked up by its vector while the store looks for it verbatim, so a miss waits
        // for the slower of the two, not both; unless this node knows it: then it is most likely a verbatim hit, and
        // embedded only when it is not
        boolean overlap = run != null && !knownQuestions.knows(scope, normalised);
        CompletableFuture<VectorLookup> byVector = overlap ? executor.branch(run.inCurrentStage(() -> {
            float[] embedding = run.call("embedding", () -> embed(normalised));
            return new VectorLookup(embedding, call(run, "cache nearest", () -> index.nearest(scope, embedding, CANDIDATES, limit)));
        })) : null;
        List<Hit> exact = call(run, "cache exact", () -> index.exact(scope, normalised, limit));
        if (!exact.isEmpty()) {
            knownQuestions.remember(scope, normalised);
            return exact;
        }
        VectorLookup first = overlap ? joined(byVector) : null;
        float[] embedding = first != null ? first.embedding() : call(run, "embedding", () -> embed(normalised));
        if (run != null) {
            run.question().embedding(embedding);
        }
        for (int k = CANDIDATES; ; k = Math.min(k * 10, MAX_CANDIDATES)) {
            int candidates = k;
            SemanticCacheIndex.Probe probe = k == CANDIDATES && first != null ? first.found()
                    : call(run, "cache nearest", () -> index.nearest(scope, embedding, candidates, limit));
            boolean crowded = probe.hits().size() < limit && probe.considered() == k && probe.horizon() < SOFT;
            if (!crowded || k >= MAX_CANDIDATES) {
                return probe.hits();
            }
        }
    }

    /** The question's embedding and what the index found nearest it among the first {@link #CANDIDATES}. */
    private record VectorLookup(float[] embedding, SemanticCacheIndex.Probe found) {
    }

    private static <T> T joined(CompletableFuture<T> branch) {
        try {
            return branch.join();
        } catch (CompletionException e) {
            throw ModelCaller.unwrap(e); // the branch's own failure, as the parallel stage rethrows its branches'
        }
    }

    /** {@code work} as a span of the run, when there is one. */
    private static <T> T call(PipelineRun run, String name, Supplier<T> work) {
        return run == null ? work.get() : run.call(name, work);
    }

    /**
     * Stores the answer under the normalised question of the run's scope; returns the new entry's id, or
     * empty when the scope already has an entry for that question (which stays as it is, flag included).
     */
    public Optional<String> store(PipelineRun run, String answer) {
        return store(scope(run), run.question().text(), run.question().embedding(), answer, run.verdict().confidence());
    }

    Optional<String> store(String scope, String query, String answer, Confidence confidence) {
        return store(scope, query, null, answer, confidence);
    }

    /** {@code embedding}: the normalised question's, when the lookup computed it; else computed here. */
    private Optional<String> store(String scope, String query, float[] embedding, String answer, Confidence confidence) {
        String question = normalise(query);
        if (question.isEmpty() || question.length() > MAX_QUESTION) {
            return Optional.empty();
        }
        Optional<String> created = index.add(scope, question, embedding != null ? embedding : embed(question), answer, confidence);
        knownQuestions.remember(scope, question); // stored now, or there already
        return created;
    }

    /** Flags an entry so it is never served again; false when there is no such entry. */
    public boolean flag(String id) {
        return index.flag(id);
    }

    /** The entries a run may see and store: those of its template (an own template's: its owner's) and mode. */
    public static String scope(PipelineRun run) {
        return run.templateKey() + "|" + run.mode().modeName();
    }

    /** Whether a question may be in the cache at all: one longer than {@link #MAX_QUESTION} is never stored. */
    public static boolean cacheable(String question) {
        return question.length() <= MAX_QUESTION || normalise(question).length() <= MAX_QUESTION;
    }

    /** Lower case, punctuation stripped, white space collapsed. */
    public static String normalise(String question) {
        return question.toLowerCase(Locale.ROOT).replaceAll("[\\p{P}\\p{S}]+", " ").replaceAll("\\s+", " ").trim();
    }

    private float[] embed(String text) {
        return embedder.embed(text);
    }
}
