package io.moe.interfaces.adminapi;

import io.moe.application.cleanup.CleanupRefusedException;
import io.moe.application.cleanup.CleanupRun;
import io.moe.application.cleanup.CleanupService;
import io.moe.domain.shared.UnknownField;
import io.moe.application.cleanup.CleanupService.JobStatus;
import io.moe.application.cleanup.JobSettings;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * /api/cleanup: the cleanup jobs (README, "Cleanup jobs"). {@code status} lists every job with its settings, next
 * scheduled run, last run and average duration; {@code config} reads and writes the settings
 * ({@code {"jobs": {"<job>": {"enabled", "interval_minutes", "retention_days", "max_entries"}}}}, each field
 * optional); {@code run/{job}} starts a job in the background (202); {@code history} lists runs, newest first.
 * Schedules live in PostgreSQL, so {@code write-cron-env} writes no file and says so.
 */
@Path("/cleanup")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class CleanupResource {

    @Inject
    CleanupService cleanup;

    @GET
    @Path("status")
    public String status() {
        JsonArrayBuilder jobs = Jsonp.createArrayBuilder();
        for (JobStatus s : cleanup.status()) {
            JsonObjectBuilder job = Jsonp.createObjectBuilder().add("job", s.job().name()).add("description", s.job().description())
                    .add("config", settings(s.settings()))
                    .add("next_run_at", s.nextRun().map(i -> (JsonValue) Jsonp.createValue(i.toString())).orElse(JsonValue.NULL))
                    .add("last_run", s.lastRun().map(r -> (JsonValue) run(r)).orElse(JsonValue.NULL))
                    .add("recent_runs", s.recentRuns());
            job.add("average_ms", s.averageMillis() == null ? JsonValue.NULL : Jsonp.createValue(s.averageMillis()));
            jobs.add(job);
        }
        return Jsonp.createObjectBuilder().add("jobs", jobs).build().toString();
    }

    @GET
    @Path("config")
    public String config() {
        JsonObjectBuilder jobs = Jsonp.createObjectBuilder();
        cleanup.jobs().forEach(j -> jobs.add(j.name(), settings(cleanup.settings(j.name()))));
        return Jsonp.createObjectBuilder().add("jobs", jobs).build().toString();
    }

    @POST
    @Path("config")
    public String changeConfig(String body) {
        JsonObject config = object(body);
        unknown(config.keySet(), Set.of("jobs"), "");
        if (!(config.get("jobs") instanceof JsonObject jobs)) {
            throw invalid("jobs", "send {\"jobs\": {\"<job>\": {\"enabled\": true, \"interval_minutes\": 1440, \"retention_days\": 30, \"max_entries\": 50000}}}");
        }
        List<JobSettings> changed = new ArrayList<>();
        for (Map.Entry<String, JsonValue> e : jobs.entrySet()) {
            if (!(e.getValue() instanceof JsonObject given)) {
                throw invalid("jobs." + e.getKey(), "must be an object of settings");
            }
            unknown(given.keySet(), SETTINGS, e.getKey() + ".");
            JobSettings now;
            try {
                now = cleanup.settings(e.getKey());
            } catch (CleanupRefusedException unknown) { // a key of the body, not a route that is missing: 400 naming it
                throw invalid("jobs." + e.getKey(), unknown.getMessage());
            }
            changed.add(new JobSettings(e.getKey(), bool(given, "enabled", now.enabled(), e.getKey()),
                    whole(given, "interval_minutes", now.intervalMinutes(), e.getKey()),
                    whole(given, "retention_days", now.retentionDays(), e.getKey()),
                    whole(given, "max_entries", now.maxEntries(), e.getKey())));
        }
        cleanup.changeAll(changed); // all checked before any is saved: a refusal leaves every job as it was
        return config();
    }

    @POST
    @Path("run/{job}")
    public Response run(@PathParam("job") String job) {
        CleanupRun started = cleanup.runNow(job);
        return Response.accepted(Jsonp.createObjectBuilder().add("ok", true).add("run", run(started)).build().toString()).build();
    }

    @GET
    @Path("history")
    public String history(@QueryParam("job") String job, @QueryParam("limit") @DefaultValue("100") String limit) {
        int n = QueryNumber.of("limit", limit, 1, CleanupService.MAX_HISTORY);
        JsonArrayBuilder runs = Jsonp.createArrayBuilder();
        cleanup.history(job, n).forEach(r -> runs.add(run(r)));
        return Jsonp.createObjectBuilder().add("runs", runs).build().toString();
    }

    @POST
    @Path("write-cron-env")
    public String writeCronEnv() {
        return Jsonp.createObjectBuilder().add("ok", true).add("written", Jsonp.createArrayBuilder())
                .add("detail", "no file to write: the schedules are kept in PostgreSQL (POST /api/cleanup/config) and run on the"
                        + " server's managed scheduler, on one node per run").build().toString();
    }

    static JsonObject settings(JobSettings s) {
        return Jsonp.createObjectBuilder().add("enabled", s.enabled()).add("interval_minutes", s.intervalMinutes())
                .add("retention_days", s.retentionDays()).add("max_entries", s.maxEntries()).build();
    }

    static JsonObject run(CleanupRun r) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("id", r.id()).add("job", r.job()).add("trigger", r.trigger())
                .add("started_at", r.startedAt().toString()).add("status", r.status()).add("removed", r.removed());
        o.add("finished_at", r.finishedAt() == null ? JsonValue.NULL : Jsonp.createValue(r.finishedAt().toString()));
        o.add("duration_ms", r.millis() == null ? JsonValue.NULL : Jsonp.createValue(r.millis()));
        o.add("message", r.message() == null ? JsonValue.NULL : Jsonp.createValue(r.message()));
        return o.build();
    }

    private static JsonObject object(String body) {
        try {
            JsonValue v = Jsonp.readValue(body == null ? "" : body);
            if (v instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException e) {
            throw invalid(null, "the body is not valid JSON: " + e.getMessage());
        }
        throw invalid(null, "the body must be a JSON object");
    }

    private static boolean bool(JsonObject o, String field, boolean fallback, String job) {
        JsonValue v = o.get(field);
        if (v == null) {
            return fallback;
        }
        if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
            return v == JsonValue.TRUE;
        }
        throw invalid(job + "." + field, job + "." + field + " must be true or false");
    }

    private static int whole(JsonObject o, String field, int fallback, String job) {
        JsonValue v = o.get(field);
        if (v == null) {
            return fallback;
        }
        if (v instanceof JsonNumber n && n.isIntegral() && n.bigIntegerValue().bitLength() < 32) {
            return n.intValue();
        }
        throw invalid(job + "." + field, job + "." + field + " must be a whole number");
    }

    /** The settings of a job a body may give. */
    private static final Set<String> SETTINGS = Set.of("enabled", "interval_minutes", "retention_days", "max_entries");

    /** Refuses a field that is not one of {@code known}, named under {@code path}: a misspelt setting would be left as it was. */
    private static void unknown(Set<String> given, Set<String> known, String path) {
        UnknownField.first(given, known).ifPresent(field -> {
            throw invalid(path + field, "unknown field; the fields here are [" + UnknownField.listing(known) + "]");
        });
    }

    private static CleanupRefusedException invalid(String field, String message) {
        return new CleanupRefusedException(Kind.INVALID, "invalid_body", field, message);
    }
}
