package io.moe.interfaces.admin;

import io.moe.application.cleanup.CleanupRun;
import io.moe.application.cleanup.CleanupService;
import io.moe.application.cleanup.CleanupService.JobStatus;
import io.moe.application.cleanup.JobSettings;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /cleanup}: every cleanup job with its schedule and limits (editable), its next and last
 * run, a button that starts it now, and the run history filtered by job; all through {@link CleanupService}, the
 * service of {@code /api/cleanup}.
 */
@Named
@PerView
public class CleanupPage implements Serializable {

    private static final long serialVersionUID = 1L;
    /** How long "Run now" waits for a run to end, so the page shows its outcome rather than "running". */
    private static final Duration RUN_SHOWN_WITHIN = Duration.ofSeconds(3);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    @Inject
    CleanupService cleanup;

    /** A job's row: what it is, its settings as edited, and when it ran. */
    public static class JobRow implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;
        private final String description;
        private boolean enabled;
        private Integer intervalMinutes;
        private Integer retentionDays;
        private Integer maxEntries;
        private final String nextRun;
        private final String lastRun;
        private final String lastOutcome;
        private final String average;

        JobRow(JobStatus s) {
            name = s.job().name();
            description = s.job().description();
            enabled = s.settings().enabled();
            intervalMinutes = s.settings().intervalMinutes();
            retentionDays = s.settings().retentionDays();
            maxEntries = s.settings().maxEntries();
            nextRun = s.nextRun().map(TIME::format).orElse("not scheduled");
            lastRun = s.lastRun().map(r -> TIME.format(r.startedAt())).orElse("never");
            lastOutcome = s.lastRun().map(r -> r.status() + (r.finishedAt() == null ? "" : " · removed " + r.removed())).orElse("");
            average = s.averageMillis() == null ? "" : String.format(java.util.Locale.ROOT, "average run: %,d ms", s.averageMillis());
        }

        public String getName() { return name; }
        public String getDescription() { return description; }
        public boolean isEnabled() { return enabled; }
        public void setEnabled(boolean enabled) { this.enabled = enabled; }
        public Integer getIntervalMinutes() { return intervalMinutes; }
        public void setIntervalMinutes(Integer intervalMinutes) { this.intervalMinutes = intervalMinutes; }
        public Integer getRetentionDays() { return retentionDays; }
        public void setRetentionDays(Integer retentionDays) { this.retentionDays = retentionDays; }
        public Integer getMaxEntries() { return maxEntries; }
        public void setMaxEntries(Integer maxEntries) { this.maxEntries = maxEntries; }
        public String getNextRun() { return nextRun; }
        public String getLastRun() { return lastRun; }
        public String getLastOutcome() { return lastOutcome; }
        public String getAverage() { return average; }
    }

    private List<JobRow> rows;
    private String historyJob;
    private transient List<CleanupRun> history;

    public List<JobRow> getJobs() {
        if (rows == null) {
            rows = cleanup.status().stream().map(JobRow::new).toList();
        }
        return rows;
    }

    public void save(JobRow row) {
        if (row.intervalMinutes == null || row.retentionDays == null || row.maxEntries == null) {
            PageMessages.refused("Not saved", new io.moe.application.cleanup.CleanupRefusedException(Refusal.Kind.INVALID, "missing",
                    null, "fill in interval, retention and maximum of " + row.name), Map.of());
            return;
        }
        try {
            cleanup.change(new JobSettings(row.name, row.enabled, row.intervalMinutes, row.retentionDays, row.maxEntries));
            PageMessages.done("Settings of " + row.name + " saved" + (row.enabled ? ", runs every " + row.intervalMinutes + " minutes" : ", not scheduled"));
            rows = null;
        } catch (Refusal e) {
            PageMessages.refused("Settings of " + row.name + " not saved", e, rowFields(row.name));
        }
    }

    /** The refusal's fields ({@code <job>.interval_minutes}, …) as the inputs of the row whose Save was pressed. */
    private static Map<String, String> rowFields(String job) {
        jakarta.faces.context.FacesContext faces = jakarta.faces.context.FacesContext.getCurrentInstance();
        String button = jakarta.faces.component.UIComponent.getCurrentComponent(faces).getClientId(faces); // jobs-form:jobs:3:save
        String row = button.substring(0, button.lastIndexOf(jakarta.faces.component.UINamingContainer.getSeparatorChar(faces)) + 1);
        return Map.of(job + ".interval_minutes", row + "interval", job + ".retention_days", row + "retention",
                job + ".max_entries", row + "max-entries");
    }

    public void runNow(JobRow row) {
        try {
            CleanupRun run = cleanup.awaitEnd(cleanup.runNow(row.name), RUN_SHOWN_WITHIN);
            PageMessages.done(run.finishedAt() == null ? "Started " + row.name + "; it still runs, its end will be in the history below"
                    : "Ran " + row.name + ": " + run.status() + (run.message() == null ? "" : ", " + run.message()));
        } catch (Refusal e) {
            PageMessages.refused("Not started", e, Map.of());
        }
        historyJob = row.name;
        refresh();
    }

    public void refresh() {
        rows = null;
        history = null;
    }

    public List<CleanupRun> getHistory() {
        if (history == null) {
            history = cleanup.history(historyJob, 100);
        }
        return history;
    }

    public String timeOf(Instant instant) {
        return instant == null ? "–" : TIME.format(instant);
    }

    public List<String> getJobNames() {
        return cleanup.jobs().stream().map(j -> j.name()).toList();
    }

    public String getHistoryJob() { return historyJob; }
    public void setHistoryJob(String historyJob) { this.historyJob = historyJob == null || historyJob.isBlank() ? null : historyJob; }
}
