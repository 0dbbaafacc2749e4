package io.moe.application.servers;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The fields of a server as an admin sends them ({@code POST} and {@code PUT /api/servers}); null means
 * "not given" (keep the current value, or the default on create). {@link #token} is only meant when
 * {@link #tokenGiven}: a string sets the bearer token, null or "" removes it. Every check names the field at
 * fault, so a bad body is a 400 a person can act on.
 */
public record ServerInput(String name, String url, String apiType, boolean tokenGiven, String token,
                          Integer concurrency, Integer timeoutSeconds, BigDecimal costFactor, Boolean enabled) {

    static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,62}");
    static final int MAX_CONCURRENCY = 256;
    static final int MAX_TIMEOUT_SECONDS = 3600;
    static final BigDecimal MAX_COST_FACTOR = BigDecimal.valueOf(1000);

    /** Fields the API answers with, accepted back in a body (a GET, edited, then PUT) and ignored. */
    private static final Set<String> READ_ONLY = Set.of("id", "has_token", "created_at", "updated_at", "state",
            "healthy", "last_error", "latency_ms", "models", "checked_at", "circuit");
    private static final Set<String> WRITABLE = Set.of("name", "url", "api_type", "token", "concurrency",
            "timeout_seconds", "cost_factor", "enabled");

    @Override
    public String toString() {
        return "ServerInput[" + name + " " + url + " " + apiType + (tokenGiven ? ", token given" : "") + "]";
    }

    /** Reads a JSON body; a field of the wrong type or an unknown field is a 400 naming it. */
    public static ServerInput fromJson(String body) {
        JsonObject json = object(body);
        for (String field : json.keySet()) {
            if (!WRITABLE.contains(field) && !READ_ONLY.contains(field)) {
                throw ServerRefusedException.invalid(field, "unknown field '" + field + "'; the fields are " + WRITABLE);
            }
        }
        return new ServerInput(string(json, "name"), string(json, "url"), string(json, "api_type"),
                json.containsKey("token"), string(json, "token"), integer(json, "concurrency"),
                integer(json, "timeout_seconds"), decimal(json, "cost_factor"), bool(json, "enabled"));
    }

    static String checkedName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ServerRefusedException.invalid("name", "name must be 1 to 63 characters of a-z, 0-9, '.', '_' or '-',"
                    + " starting with a letter or digit (it is the part after '@' in a model reference)");
        }
        return name;
    }

    /** The longest server address (its column's length). */
    static final int MAX_URL = 2048;

    /** An absolute http(s) URL with a host, without a trailing slash. */
    static URI checkedUrl(String url) {
        String field = "url";
        if (url == null || url.isBlank()) {
            throw ServerRefusedException.invalid(field, "url is required, e.g. http://127.0.0.1:11434");
        }
        if (url.trim().length() > MAX_URL) {
            throw ServerRefusedException.invalid(field, "url is limited to " + MAX_URL + " characters");
        }
        try {
            URI uri = new URI(url.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null
                    || uri.getQuery() != null || uri.getFragment() != null || uri.getUserInfo() != null) {
                throw ServerRefusedException.invalid(field, "url must be an http:// or https:// address with a host and"
                        + " no credentials, query or fragment, e.g. http://gpu2:11434");
            }
            if (uri.getPort() > 65535) {
                throw ServerRefusedException.invalid(field, "url has port " + uri.getPort() + "; a port is 1 to 65535");
            }
            String text = uri.toString();
            return URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        } catch (URISyntaxException e) {
            throw ServerRefusedException.invalid(field, "url is not a valid address: " + e.getReason());
        }
    }

    static ApiType checkedApiType(String apiType) {
        return ApiType.of(apiType).orElseThrow(() -> ServerRefusedException.invalid("api_type",
                "api_type must be 'ollama' (models from /api/tags) or 'openai' (models from /v1/models)"));
    }

    static int checkedConcurrency(int concurrency) {
        return within("concurrency", concurrency, 1, MAX_CONCURRENCY, "calls at once");
    }

    static int checkedTimeout(int seconds) {
        return within("timeout_seconds", seconds, 1, MAX_TIMEOUT_SECONDS, "seconds");
    }

    static BigDecimal checkedCostFactor(BigDecimal factor) {
        if (factor.signum() < 0 || factor.compareTo(MAX_COST_FACTOR) > 0 || factor.scale() > 4) {
            throw ServerRefusedException.invalid("cost_factor", "cost_factor must be a number from 0 to 1000"
                    + " with at most four decimals (1.0 = tokens count as they are)");
        }
        return factor;
    }

    private static int within(String field, int value, int min, int max, String unit) {
        if (value < min || value > max) {
            throw ServerRefusedException.invalid(field, field + " must be from " + min + " to " + max + " " + unit);
        }
        return value;
    }

    private static JsonObject object(String body) {
        if (body == null || body.isBlank()) {
            throw new ServerRefusedException(Kind.INVALID, "invalid_json", null, "send the server as a JSON object");
        }
        try {
            JsonValue v = Jsonp.readValue(body);
            if (v instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException e) {
            throw new ServerRefusedException(Kind.INVALID, "invalid_json", null, "the body is not valid JSON: " + e.getMessage());
        }
        throw new ServerRefusedException(Kind.INVALID, "invalid_json", null, "the body must be a JSON object");
    }

    private static String string(JsonObject json, String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v instanceof JsonString s) {
            return s.getString();
        }
        throw ServerRefusedException.invalid(field, field + " must be a string");
    }

    private static Integer integer(JsonObject json, String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v instanceof JsonNumber n && n.isIntegral()) {
            try {
                return n.intValueExact();
            } catch (ArithmeticException e) {
                throw ServerRefusedException.invalid(field, field + " is too large");
            }
        }
        throw ServerRefusedException.invalid(field, field + " must be a whole number");
    }

    private static BigDecimal decimal(JsonObject json, String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v instanceof JsonNumber n) {
            BigDecimal d = n.bigDecimalValue();
            if (d.precision() - d.scale() > 6) {
                throw ServerRefusedException.invalid(field, field + " is too large");
            }
            return d.stripTrailingZeros().scale() < 0 ? d.setScale(0) : d.stripTrailingZeros();
        }
        throw ServerRefusedException.invalid(field, field + " must be a number");
    }

    private static Boolean bool(JsonObject json, String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
            return v == JsonValue.TRUE;
        }
        throw ServerRefusedException.invalid(field, field + " must be true or false");
    }
}
