package io.moe.application.pipeline.cache;

import io.moe.application.pipeline.after.PipelineMetrics;
import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.pipeline.trace.CachePath;
import io.moe.application.pipeline.trace.TraceText;
import io.moe.domain.shared.PlainText;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Rule 1: a question whose nearest cached question (same template and mode, not flagged) is closer
 * than 0.15 is answered from the cache without running the pipeline; between 0.15 and 0.50 up to two
 * cached answers become few-shot examples for the experts; further away is a miss. Flagged entries are
 * neither served nor used as examples. A request that is not {@link SelfContained} (any client-written
 * assistant or system turn, earlier turns, images) bypasses the cache, both here and when its answer
 * would be stored: its answer depends on more than the question, and sharing it would let one user's
 * words reach another user. A cache that cannot be asked is a miss.
 */
@ApplicationScoped
public class CacheLookup {

    /** Why the cache was not asked when the template switches it off. */
    static final String TEMPLATE_OFF = "the template switches the semantic cache off (enable_cache)";
    /** Why the cache was not asked for a question it never keeps (nor embeds: it would take a model run per 510 tokens). */
    static final String TOO_LONG = "the question is longer than " + SemanticCache.MAX_QUESTION + " characters, which the cache never keeps";

    @Inject
    SemanticCache cache;

    @Inject
    PipelineMetrics metrics;

    /** True on a hard hit: the run then holds the cached answer. */
    public boolean lookup(PipelineRun run) {
        String dependency = !run.template().enableCache() ? TEMPLATE_OFF
                : !SemanticCache.cacheable(run.question().text()) ? TOO_LONG : SelfContained.dependency(run);
        if (dependency != null) {
            run.trace().cache(CachePath.bypassed(dependency));
            return false;
        }
        List<SemanticCache.Hit> hits;
        try {
            hits = cache.nearest(run, SemanticCache.MAX_EXAMPLES);
        } catch (RuntimeException e) {
            // an open circuit breaker's exception has no message: its name says what happened
            run.trace().cache(CachePath.unavailable(TraceText.failure(run.id(), e)));
            metrics.cacheMiss();
            return false;
        }
        if (!hits.isEmpty() && hits.get(0).distance() < SemanticCache.HARD) {
            SemanticCache.Hit hit = hits.get(0);
            run.trace().cache(CachePath.hard(hit.id(), hit.distance()));
            run.verdict().answeredFromCache(hit.id());
            answerWithin(run, hit);
            run.status("Answered from the semantic cache");
            metrics.cacheHit("hard");
            return true;
        }
        List<SemanticCache.Hit> soft = hits.stream().filter(h -> h.distance() <= SemanticCache.SOFT).toList();
        if (!soft.isEmpty()) {
            run.findings().examples(soft.stream().map(h -> "Q: " + h.question() + "\nA: " + h.answer()).toList());
            run.trace().cache(CachePath.soft(soft.size(), soft.get(0).distance()));
            metrics.cacheHit("soft");
            return false;
        }
        run.trace().cache(CachePath.miss(hits.isEmpty() ? 1.0 : hits.get(0).distance()));
        metrics.cacheMiss();
        return false;
    }

    /**
     * The cached answer as the run's, within the client's {@code max_tokens} as a model would keep it: a longer one is
     * cut at about four characters a token and ends as a model stopped at its limit does.
     */
    private static void answerWithin(PipelineRun run, SemanticCache.Hit hit) {
        long limit = (long) run.request().maxTokens() * ModelCaller.CHARS_PER_TOKEN;
        boolean cut = limit > 0 && hit.answer().length() > limit;
        run.verdict().answer(cut ? PlainText.prefix(hit.answer(), (int) limit) : hit.answer(), hit.confidence(), cut);
    }
}
