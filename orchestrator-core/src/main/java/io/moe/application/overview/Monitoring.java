package io.moe.application.overview;

import io.moe.application.servers.InferenceServers;
import io.moe.application.servers.ServerBreakers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Gauge;
import org.eclipse.microprofile.metrics.MetricID;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the monitoring page and {@code GET /api/monitoring/summary} show of this node: the recent requests
 * ({@link RecentRequests}), the experts' confidence by level since start (the {@code moe_confidence}
 * counters), and every circuit breaker — one per enabled inference server ({@code ServerBreakers}), the breakers store
 * clients keep of their own ({@link StoreProbe#breaker}: PostgreSQL, Redis, Neo4j) and one per guarded store
 * operation (MicroProfile Fault Tolerance, read from its metrics). Nothing here reads a store, so an operator sees it
 * while one is down.
 */
@ApplicationScoped
public class Monitoring {

    static final String FT_STATE = "ft.circuitbreaker.state.total";
    static final String FT_OPENED = "ft.circuitbreaker.opened.total";

    @Inject
    RecentRequests recent;

    @Inject
    InferenceServers servers;

    @Inject
    ServerBreakers serverBreakers;

    @Inject
    Instance<StoreProbe> stores;

    @Inject
    MetricRegistry metrics;

    @Inject
    @RegistryScope(scope = MetricRegistry.BASE_SCOPE)
    MetricRegistry base;

    /** A circuit breaker: what it guards, of which kind, its state ({@code closed}, {@code open}, {@code half_open}) and how often it opened. */
    public record Breaker(String name, String kind, String state, Long opened) {

        /** The breaker a store's client keeps of its own: {@code open} while it refuses calls. */
        public static Breaker ofStore(String store, boolean open, long opened) {
            return new Breaker(store, "store", open ? "open" : "closed", opened);
        }
    }

    public RecentRequests.Summary requests() {
        return recent.summary();
    }

    /** Expert answers by their self-reported confidence level, on this node since start. */
    public Map<String, Long> confidence() {
        Map<String, Long> levels = new TreeMap<>();
        for (Map.Entry<MetricID, Counter> c : metrics.getCounters((id, m) -> id.getName().equals("moe_confidence")).entrySet()) {
            levels.merge(c.getKey().getTags().getOrDefault("level", "?"), c.getValue().getCount(), Long::sum);
        }
        return levels;
    }

    public List<Breaker> breakers() {
        List<Breaker> all = new ArrayList<>();
        for (String server : servers.all().keySet()) { // the calls' own snapshot: answers while the database does not
            all.add(new Breaker(server, "inference server", serverBreakers.state(server).wireName(), null));
        }
        stores.forEach(store -> store.breaker().ifPresent(all::add));
        all.addAll(storeBreakers());
        return all;
    }

    /**
     * The Fault Tolerance breakers that have been used: each method's state is the one whose time-in-state
     * gauge is still growing (read twice; the current state's total includes the running period), closed
     * when the clock did not move between the reads.
     */
    private List<Breaker> storeBreakers() {
        Map<MetricID, Gauge> first = base.getGauges((id, m) -> id.getName().equals(FT_STATE));
        Map<MetricID, Gauge> second = base.getGauges((id, m) -> id.getName().equals(FT_STATE));
        Map<String, String> states = new TreeMap<>();
        for (Map.Entry<MetricID, Gauge> g : second.entrySet()) {
            String method = g.getKey().getTags().getOrDefault("method", "?");
            Gauge before = first.get(g.getKey());
            if (before != null && number(g.getValue()) > number(before)) {
                states.put(method, wire(g.getKey().getTags().getOrDefault("state", "closed")));
            } else {
                states.putIfAbsent(method, "closed");
            }
        }
        List<Breaker> list = new ArrayList<>();
        states.forEach((method, state) -> list.add(new Breaker(shortName(method), kindOf(method), state, opened(method))));
        return list;
    }

    private Long opened(String method) {
        return base.getCounters((id, m) -> id.getName().equals(FT_OPENED) && method.equals(id.getTags().get("method")))
                .values().stream().mapToLong(Counter::getCount).sum();
    }

    private static double number(Gauge gauge) {
        Object value = gauge.getValue();
        return value instanceof Number n ? n.doubleValue() : 0;
    }

    private static String wire(String state) {
        return state.equals("halfOpen") ? "half_open" : state;
    }

    /**
     * What a guarded method talks to, as an operator names it: the knowledge graph (Neo4j, also the semantic
     * cache's index), the web search engine or the tool server; by its adapter's package.
     */
    static String kindOf(String method) {
        if (method.contains(".infrastructure.graph.")) {
            return "knowledge graph";
        }
        if (method.contains(".infrastructure.search.")) {
            return "web search";
        }
        if (method.contains(".infrastructure.tools.")) {
            return "tool server";
        }
        return "guarded call";
    }

    /** A method name without its package: {@code a.b.Store.get} as {@code Store.get}. */
    static String shortName(String method) {
        String[] parts = method.split("\\.");
        return parts.length < 2 ? method : parts[parts.length - 2] + "." + parts[parts.length - 1];
    }
}
