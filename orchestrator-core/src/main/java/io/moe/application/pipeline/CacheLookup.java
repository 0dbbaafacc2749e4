package io.moe.application.pipeline;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;

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

    @Inject
    SemanticCache cache;

    @Inject
    PipelineMetrics metrics;

    /** True on a hard hit: the run then holds the cached answer. */
    public boolean lookup(PipelineRun run) {
        String dependency = SelfContained.dependency(run);
        if (dependency != null) {
            run.trace().put("cache", Json.createObjectBuilder().add("path", "bypassed").add("reason", dependency).build());
            return false;
        }
        List<SemanticCache.Hit> hits;
        try {
            hits = cache.nearest(SemanticCache.scope(run), run.query(), SemanticCache.MAX_EXAMPLES);
        } catch (RuntimeException e) {
            run.trace().put("cache", Json.createObjectBuilder().add("path", "unavailable").add("error", String.valueOf(e.getMessage())).build());
            metrics.cacheMiss();
            return false;
        }
        if (!hits.isEmpty() && hits.get(0).distance() < SemanticCache.HARD) {
            SemanticCache.Hit hit = hits.get(0);
            run.trace().put("cache", Json.createObjectBuilder().add("path", "hard").add("entry", hit.id()).add("distance", hit.distance()).build());
            run.cacheHit(hit.id());
            run.answer(hit.answer(), hit.confidence());
            run.status("Answered from the semantic cache");
            metrics.cacheHit("hard");
            return true;
        }
        List<SemanticCache.Hit> soft = hits.stream().filter(h -> h.distance() <= SemanticCache.SOFT).toList();
        if (!soft.isEmpty()) {
            run.examples(soft.stream().map(h -> "Q: " + h.question() + "\nA: " + h.answer()).toList());
            run.trace().put("cache", Json.createObjectBuilder().add("path", "soft").add("examples", soft.size())
                    .add("distance", soft.get(0).distance()).build());
            metrics.cacheHit("soft");
            return false;
        }
        run.trace().put("cache", Json.createObjectBuilder().add("path", "miss")
                .add("distance", hits.isEmpty() ? 1.0 : hits.get(0).distance()).build());
        metrics.cacheMiss();
        return false;
    }
}
