package io.moe.application.spend;

import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.InferenceServers;
import io.moe.domain.chat.Completion;
import io.moe.domain.template.ModelRef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.math.BigDecimal;
import java.util.List;

/**
 * Tokens as they count against budgets: each model call's tokens times its server's {@code cost_factor},
 * times the template's {@code cost_factor}. A call on a server that is gone counts at factor 1.
 */
@ApplicationScoped
public class CostWeights {

    @Inject
    InferenceServers servers;

    /** The weighted tokens of {@code calls} made for a template whose factor is {@code templateFactor}. */
    public long weigh(List<Completion> calls, double templateFactor) {
        double weighted = 0;
        for (Completion call : calls) {
            weighted += call.usage().totalTokens() * serverFactor(call.model());
        }
        return Math.round(weighted * templateFactor);
    }

    /** The weighted tokens of {@code tokens} spent on {@code server} directly, for a template of factor {@code templateFactor} (1 for none). */
    public static long weigh(long tokens, InferenceServer server, double templateFactor) {
        return Math.round(tokens * server.costFactor().doubleValue() * templateFactor);
    }

    private double serverFactor(String model) {
        try {
            return servers.byName(ModelRef.parse(model).endpoint()).map(InferenceServer::costFactor)
                    .map(BigDecimal::doubleValue).orElse(1.0);
        } catch (IllegalArgumentException notAReference) {
            return 1.0;
        }
    }
}
