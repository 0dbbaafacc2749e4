package io.moe.domain.identity;

/**
 * The system account {@code moe-system} (migration V4): the knowledge ingest's model calls are booked to it. It is
 * inactive, has no keys and cannot sign in; no administrative change may make it otherwise.
 */
public final class SystemAccount {

    /** Its id. */
    public static final String ID = "00000000000000000000000000000001";

    private SystemAccount() {
    }

    public static boolean is(String userId) {
        return ID.equals(userId);
    }
}
