package io.moe.application.spend;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The spec's counters on /metrics: moe_requests_total{mode,cache_hit,user_id},
 * moe_tokens_total{model,token_type,node,user_id} and moe_budget_exceeded_total{user_id,limit_type}.
 * Requests without a valid key count as user_id "anon"; labels take only bounded values (mode ids,
 * configured model references and server names, user ids).
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

    @Inject
    MetricRegistry registry;

    public void request(String mode, boolean cacheHit, String userId) {
        registry.counter(REQUESTS, new Tag("mode", mode), new Tag("cache_hit", String.valueOf(cacheHit)),
                new Tag("user_id", user(userId))).inc();
    }

    public void tokens(String model, String node, String userId, long prompt, long completion) {
        if (prompt > 0) {
            registry.counter(TOKENS, new Tag("model", model), new Tag("token_type", "prompt"), new Tag("node", node),
                    new Tag("user_id", user(userId))).inc(prompt);
        }
        if (completion > 0) {
            registry.counter(TOKENS, new Tag("model", model), new Tag("token_type", "completion"), new Tag("node", node),
                    new Tag("user_id", user(userId))).inc(completion);
        }
    }

    public void budgetExceeded(String userId, String limitType) {
        registry.counter(BUDGET, new Tag("user_id", user(userId)), new Tag("limit_type", limitType)).inc();
    }

    private static String user(String userId) {
        return userId == null ? ANONYMOUS : userId;
    }
}
