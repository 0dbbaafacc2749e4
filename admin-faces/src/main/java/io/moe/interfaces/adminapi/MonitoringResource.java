package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.overview.Monitoring;
import io.moe.application.overview.RecentRequests;
import io.moe.application.overview.ServerLog.Level;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

/**
 * /api/monitoring: {@code summary} is what the monitoring page shows of this node (requests per minute,
 * latency percentiles, tokens by model over the last 15 minutes, confidence levels, circuit breakers);
 * {@code logs} streams the server's own log as server-sent events ({@code event: log}, data
 * {@code {"time","level","text"}}, the event id is the position to resume from with {@code Last-Event-ID}),
 * filtered by {@code level} ({@code error}, {@code warning}, {@code info} (default), {@code all}); the same stream
 * comes as WebSocket messages from {@code logs/socket} ({@link LogSocketUpgrade}), which the monitoring page reads.
 */
@Path("/monitoring")
@AdminOnly
public class MonitoringResource {

    @Inject
    Monitoring monitoring;

    @Inject
    LogStreams streams;

    @GET
    @Path("summary")
    @Produces(MediaType.APPLICATION_JSON)
    public String summary() {
        RecentRequests.Summary s = monitoring.requests();
        JsonArrayBuilder perMinute = Jsonp.createArrayBuilder();
        for (long n : s.perMinute()) {
            perMinute.add(n);
        }
        JsonObjectBuilder tokens = Jsonp.createObjectBuilder();
        s.tokensByModel().forEach(tokens::add);
        JsonObjectBuilder confidence = Jsonp.createObjectBuilder();
        monitoring.confidence().forEach(confidence::add);
        JsonArrayBuilder breakers = Jsonp.createArrayBuilder();
        for (Monitoring.Breaker b : monitoring.breakers()) {
            breakers.add(Jsonp.createObjectBuilder().add("name", b.name()).add("kind", b.kind()).add("state", b.state())
                    .add("opened", b.opened() == null ? JsonValue.NULL : Jsonp.createValue(b.opened())));
        }
        return Jsonp.createObjectBuilder().add("window_minutes", s.perMinute().length).add("requests", s.requests())
                .add("failed", s.failed()).add("requests_per_minute", perMinute)
                .add("latency_ms", Jsonp.createObjectBuilder().add("p50", s.latency().p50()).add("p90", s.latency().p90())
                        .add("p99", s.latency().p99()).add("max", s.latency().max()))
                .add("tokens_by_model", tokens).add("confidence", confidence).add("breakers", breakers)
                .add("metrics", "/metrics").build().toString();
    }

    @GET
    @Path("logs")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void logs(@QueryParam("level") String level, @HeaderParam("Last-Event-ID") String lastEventId,
                     @Context SseEventSink sink, @Context Sse sse) {
        Level filter = Level.filter(level);
        if (filter == null) {
            throw new IdentityException(Kind.INVALID, "invalid_level", "level", "level must be error, warning, info or all");
        }
        streams.open(new SseLogOut(sink, sse), filter, position(lastEventId));
    }

    /** The position a reconnecting client resumes from; none (the log's last lines first) when absent or not a number. */
    static Long position(String lastEventId) {
        if (lastEventId == null || !lastEventId.matches("\\d{1,18}")) {
            return null;
        }
        return Long.parseLong(lastEventId);
    }
}
