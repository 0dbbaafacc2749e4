package io.moe.application.identity;

/**
 * Where every port finds the credential a client sent: {@code Authorization: Bearer <key>} first,
 * otherwise {@code x-api-key: <key>}. An empty bearer value counts as none, so a client (or a proxy) that always sends
 * the header still reaches its {@code x-api-key}.
 */
public final class PresentedKey {

    private PresentedKey() {
    }

    /** The credential from the two header values (either may be null), trimmed; null when none was sent. */
    public static String from(String authorization, String xApiKey) {
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String key = authorization.substring(7).trim();
            if (!key.isEmpty()) {
                return key;
            }
        }
        return xApiKey == null || xApiKey.isBlank() ? null : xApiKey.trim();
    }
}
