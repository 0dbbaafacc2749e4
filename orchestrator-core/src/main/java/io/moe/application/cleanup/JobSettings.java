package io.moe.application.cleanup;

/**
 * The settings of one cleanup job: whether the scheduler runs it, how often, how many days of data it keeps and,
 * for jobs that cap a store's size, how many entries at most.
 */
public record JobSettings(String job, boolean enabled, int intervalMinutes, int retentionDays, int maxEntries) {

    static final int MIN_INTERVAL = 5;
    static final int MAX_INTERVAL = 43_200;
    static final int MAX_RETENTION = 3_650;
    static final int MIN_ENTRIES = 100;
    static final int MAX_ENTRIES = 10_000_000;

    /** Refuses a value out of its range, naming the field. */
    JobSettings checked() {
        range("interval_minutes", intervalMinutes, MIN_INTERVAL, MAX_INTERVAL);
        range("retention_days", retentionDays, 1, MAX_RETENTION);
        range("max_entries", maxEntries, MIN_ENTRIES, MAX_ENTRIES);
        return this;
    }

    private void range(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new CleanupRefusedException(CleanupRefusedException.Kind.INVALID, "invalid_setting", job + "." + field,
                    job + "." + field + " must be from " + min + " to " + max + " (was " + value + ")");
        }
    }
}
