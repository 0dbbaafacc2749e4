package io.moe.domain.shared;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/** Identifiers and timestamps in the shapes of the spec: 32-char hex UUIDs and UTC instants. */
public final class Ids {

    private Ids() {
    }

    /** A new 32-character lower-case hex UUID. */
    public static String newId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /** Now, in UTC, to the microsecond (what PostgreSQL keeps). */
    public static OffsetDateTime nowUtc() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }

    /** The ISO-8601 UTC rendering used in every JSON body, or null. */
    public static String iso(OffsetDateTime time) {
        return time == null ? null : time.withOffsetSameInstant(ZoneOffset.UTC).toInstant().toString();
    }
}
