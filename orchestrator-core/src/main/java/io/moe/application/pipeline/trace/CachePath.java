package io.moe.application.pipeline.trace;

/**
 * How the semantic cache took part in a run: {@code path} is bypassed, unavailable, hard, soft or miss;
 * the other parts are set where they apply (null or negative otherwise).
 */
public record CachePath(String path, String reason, String entry, double distance, int examples) {

    public static CachePath bypassed(String reason) {
        return new CachePath("bypassed", reason, null, -1, -1);
    }

    public static CachePath unavailable(String error) {
        return new CachePath("unavailable", error, null, -1, -1);
    }

    public static CachePath hard(String entry, double distance) {
        return new CachePath("hard", null, entry, distance, -1);
    }

    public static CachePath soft(int examples, double distance) {
        return new CachePath("soft", null, null, distance, examples);
    }

    public static CachePath miss(double distance) {
        return new CachePath("miss", null, null, distance, -1);
    }
}
