package io.moe.application.spend;

import io.moe.application.shared.BoundedLabel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The spec's counters on /metrics: moe_requests_total{mode,cache_hit,user_id},
 * moe_tokens_total{model,token_type,node,user_id} and moe_budget_exceeded_total{user_id,limit_type}.
 * Requests without a valid key count as user_id "anon"; labels take only bounded values (mode ids, server names,
 * user ids, and at most {@value #MODELS} model names, then "other": a grant of a whole server lets a user name any).
 */
@ApplicationScoped
public class SpendMetrics {

    public static final String ANONYMOUS = "anon";

    private static final Metadata REQUESTS = Metadata.builder().withName("moe_requests")
            .withDescription("Chat requests by mode, semantic-cache hit and user").build();
    private static final Metadata TOKENS = Metadata.builder().withName("moe_tokens")
            .withDescription("Tokens by model, type (prompt, completion), inference server and user").build();
    private static final Metadata BUDGET = Metadata.builder().withName("moe_budget_exceeded")
            .withDescription("Requests refused because a token limit was reached").build();

    /** More counters than this are looked up in the registry each time instead of being kept here. */
    static final int KEPT_MAX = 10_000;

    static final int MODELS = 500;

    @Inject
    MetricRegistry registry;

    private final BoundedLabel models = new BoundedLabel(Set.of(), MODELS);

    /** The counters already registered, by name and label values: the registry's lookup is not free on every request. */
    private final Map<List<String>, Counter> kept = new ConcurrentHashMap<>();

    public void request(String mode, boolean cacheHit, String userId) {
        counter(REQUESTS, "mode", mode, "cache_hit", String.valueOf(cacheHit), "user_id", user(userId)).inc();
    }

    public void tokens(String modelName, String node, String userId, long prompt, long completion) {
        if (prompt <= 0 && completion <= 0) {
            return; // a call that counted nothing takes none of the bounded model names (a made-up name the server refused)
        }
        String model = models.of(modelName);
        if (prompt > 0) {
            counter(TOKENS, "model", model, "token_type", "prompt", "node", node, "user_id", user(userId)).inc(prompt);
        }
        if (completion > 0) {
            counter(TOKENS, "model", model, "token_type", "completion", "node", node, "user_id", user(userId)).inc(completion);
        }
    }

    public void budgetExceeded(String userId, String limitType) {
        counter(BUDGET, "user_id", user(userId), "limit_type", limitType).inc();
    }

    /** The counter {@code metadata} with the labels given as name, value, name, value… */
    private Counter counter(Metadata metadata, String... labels) {
        List<String> id = new ArrayList<>(labels.length + 1);
        id.add(metadata.getName());
        id.addAll(Arrays.asList(labels));
        Counter counter = kept.get(id);
        if (counter == null) {
            Tag[] tags = new Tag[labels.length / 2];
            for (int i = 0; i < tags.length; i++) {
                tags[i] = new Tag(labels[2 * i], labels[2 * i + 1]);
            }
            counter = registry.counter(metadata, tags);
            if (kept.size() < KEPT_MAX) {
                kept.put(id, counter);
            }
        }
        return counter;
    }

    private static String user(String userId) {
        return userId == null ? ANONYMOUS : userId;
    }
}
