package io.moe.application.cleanup;

import java.time.Instant;

/** One run of a cleanup job: its trigger ({@code manual} or {@code schedule}), times, status, how much it removed. */
public record CleanupRun(String id, String job, String trigger, Instant startedAt, Instant finishedAt, String status,
                         long removed, String message) {

    public Long millis() {
        return finishedAt == null ? null : finishedAt.toEpochMilli() - startedAt.toEpochMilli();
    }
}
