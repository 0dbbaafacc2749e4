package io.moe.application.servers;

import io.moe.application.limits.RequestGate;
import io.moe.application.spend.SpendControl;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.time.ZoneOffset;
import java.util.Collection;

/**
 * {@code GET /v1/provider-status}: for each server the caller may reach, the rate-limit state the server last
 * reported ({@link ProviderLimits}, shared by all nodes), and whether this service throttles the caller now
 * (all of its concurrent-request places taken, or a token budget used up).
 */
@ApplicationScoped
public class ProviderStatus {

    @Inject
    ProviderLimits limits;

    @Inject
    RequestGate gate;

    @Inject
    SpendControl budgets;

    public JsonObject of(Caller caller, Collection<String> servers) {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (String server : servers) {
            JsonObjectBuilder entry = Jsonp.createObjectBuilder().add("server", server);
            limits.latest(server).ifPresentOrElse(state -> {
                state.values().forEach(entry::add);
                entry.add("status", state.status()).add("observed_at", Ids.iso(state.observedAt().atOffset(ZoneOffset.UTC)))
                        .add("rate_limited", state.status() == 429);
            }, () -> entry.addNull("observed_at"));
            list.add(entry);
        }
        RequestGate.Load load = gate.load(caller.userId());
        long[] used = usedOrNone(caller);
        Limits l = caller.limits();
        boolean budgetSpent = spent(used[0], l.daily()) || spent(used[1], l.monthly()) || spent(used[2], l.total());
        JsonObject key = Jsonp.createObjectBuilder()
                .add("throttled", load.full() || budgetSpent)
                .add("requests_in_flight", load.running()).add("concurrent_request_limit", load.limit())
                .add("budget_exhausted", budgetSpent)
                .add("budget", Jsonp.createObjectBuilder().add("daily", window(used[0], l.daily()))
                        .add("monthly", window(used[1], l.monthly())).add("total", window(used[2], l.total())))
                .build();
        return Jsonp.createObjectBuilder().add("servers", list).add("key", key).build();
    }

    private long[] usedOrNone(Caller caller) {
        try {
            return budgets.used(caller.userId());
        } catch (RuntimeException unavailable) {
            return new long[] {0, 0, 0};
        }
    }

    private static boolean spent(long used, Long limit) {
        return limit != null && used >= limit;
    }

    private static JsonObjectBuilder window(long used, Long limit) {
        JsonObjectBuilder w = Jsonp.createObjectBuilder().add("used", used);
        return limit == null ? w.addNull("limit") : w.add("limit", limit).add("remaining", Math.max(0, limit - used));
    }
}
