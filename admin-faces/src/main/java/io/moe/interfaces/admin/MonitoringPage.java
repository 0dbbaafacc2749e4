package io.moe.interfaces.admin;

import io.moe.application.overview.Monitoring;
import io.moe.application.overview.Monitoring.Breaker;
import io.moe.application.overview.RecentRequests;
import io.moe.domain.identity.UsageRanking;
import io.moe.domain.pipeline.Confidence;
import io.moe.infrastructure.faces.Charts;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /monitoring}: this node's requests over the last 15 minutes (rate, latency
 * percentiles, tokens by model), the experts' confidence levels, the circuit breakers, and the links to
 * the metrics endpoint. The live log stream is read by the page's script from {@code /api/monitoring/logs}.
 */
@Named
@RequestScoped
public class MonitoringPage {

    @Inject
    Monitoring monitoring;

    @Inject
    @ConfigProperty(name = "moe.orchestrator.https-port", defaultValue = "8443")
    int httpsPort;

    private RecentRequests.Summary requests;
    private List<Breaker> breakers;
    private Map<String, Long> confidence;

    public RecentRequests.Summary getRequests() {
        if (requests == null) {
            requests = monitoring.requests();
        }
        return requests;
    }

    public List<Breaker> getBreakers() {
        if (breakers == null) {
            breakers = monitoring.breakers();
        }
        return breakers;
    }

    /** Requests per minute over the window as a line. */
    public String getRateChart() {
        return Charts.perMinute(getRequests().perMinute());
    }

    public boolean isAnyTokens() {
        return !getRequests().tokensByModel().isEmpty();
    }

    public String getTokensChart() {
        return Charts.shares(rankings(getRequests().tokensByModel()));
    }

    private Map<String, Long> confidence() {
        if (confidence == null) {
            confidence = monitoring.confidence();
        }
        return confidence;
    }

    public boolean isAnyConfidence() {
        return !confidence().isEmpty();
    }

    public String getConfidenceChart() {
        Map<String, Long> inWords = new LinkedHashMap<>(); // hoch, mittel, niedrig: high, medium, low
        confidence().forEach((level, answers) -> inWords.merge(Confidence.inWords(level), answers, Long::sum));
        return Charts.counts("Expert answers", inWords);
    }

    /** The metrics endpoint on the orchestrator's HTTPS port, on the host the browser used for this page. */
    public String metricsUrl(String host, String scope) {
        String h = host.startsWith("[") || !host.contains(":") ? host : "[" + host + "]";
        return "https://" + h + ":" + httpsPort + "/metrics" + (scope == null || scope.isEmpty() ? "" : "?scope=" + scope);
    }

    /** Every model of the window: the chart keeps the largest and folds the rest into one slice. */
    static List<UsageRanking> rankings(Map<String, Long> tokens) {
        return tokens.entrySet().stream().map(e -> new UsageRanking(e.getKey(), 0, e.getValue())).toList();
    }
}
