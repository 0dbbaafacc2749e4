package io.moe.domain.identity;

/** A user's token limits per day, month and lifetime; null means unlimited. */
public record Limits(Long daily, Long monthly, Long total) {

    public static final Limits NONE = new Limits(null, null, null);

    public boolean unlimited() {
        return daily == null && monthly == null && total == null;
    }
}
