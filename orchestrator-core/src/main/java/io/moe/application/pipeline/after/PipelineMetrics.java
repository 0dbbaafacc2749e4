package io.moe.application.pipeline.after;

import io.moe.application.shared.BoundedLabel;
import io.moe.domain.pipeline.Category;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

import java.util.Set;

/**
 * The pipeline's counters on /metrics: moe_expert_calls_total{model,category,node},
 * moe_confidence_total{level,category}, moe_cache_hits_total{type} and moe_cache_misses_total. Node labels are
 * configured server names; models and categories can come from users' own templates, so those labels take the spec's
 * categories and at most {@value #MORE_CATEGORIES} further categories and {@value #MODELS} models, then "other".
 */
@ApplicationScoped
public class PipelineMetrics {

    private static final Metadata EXPERT_CALLS = Metadata.builder().withName("moe_expert_calls")
            .withDescription("Expert model calls by model, category and inference server").build();
    private static final Metadata CONFIDENCE = Metadata.builder().withName("moe_confidence")
            .withDescription("Self-reported expert confidence by level and category").build();
    private static final Metadata CACHE_HITS = Metadata.builder().withName("moe_cache_hits")
            .withDescription("Semantic cache hits by type (hard, soft)").build();
    private static final Metadata CACHE_MISSES = Metadata.builder().withName("moe_cache_misses")
            .withDescription("Semantic cache misses").build();

    static final int MORE_CATEGORIES = 100;
    static final int MODELS = 500;

    @Inject
    MetricRegistry registry;

    private final BoundedLabel models = new BoundedLabel(Set.of(), MODELS);
    private final BoundedLabel categories = new BoundedLabel(Category.known(Set.of()), MORE_CATEGORIES);

    public void expertCall(String model, String category, String node) {
        registry.counter(EXPERT_CALLS, new Tag("model", models.of(model)), new Tag("category", categories.of(category)),
                new Tag("node", node)).inc();
    }

    public void confidence(String level, String category) {
        registry.counter(CONFIDENCE, new Tag("level", level), new Tag("category", categories.of(category))).inc();
    }

    public void cacheHit(String type) {
        registry.counter(CACHE_HITS, new Tag("type", type)).inc();
    }

    public void cacheMiss() {
        registry.counter(CACHE_MISSES).inc();
    }
}
