package io.moe.tools;

import io.moe.domain.shared.Refusal.Kind;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tool's arguments. Each getter takes the spec's name first and then the aliases that models
 * trained on the original system emit; a missing or mistyped argument becomes a 400 naming it.
 */
public final class ToolArgs {

    /** Longest accepted string argument (characters). */
    public static final int MAX_STRING = 200_000;
    /** The longest number, written as JSON or as text. */
    static final int MAX_NUMBER_CHARS = 1_000;
    /** Most digits a number argument may have, before or after the decimal point. */
    public static final int MAX_DIGITS = 4000;
    /** Most numbers accepted in one array argument. */
    public static final int MAX_ARRAY = 100_000;

    private final JsonObject json;
    private final String owner;

    public ToolArgs(JsonObject json) {
        this(json, null);
    }

    private ToolArgs(JsonObject json, String owner) {
        this.json = json == null ? JsonValue.EMPTY_JSON_OBJECT : json;
        this.owner = owner;
    }

    public static ToolArgs of(JsonObject json) {
        return new ToolArgs(json);
    }

    /** Arguments of a call made for the user {@code owner} (null: the orchestrator's own call), for per-user quotas. */
    public static ToolArgs of(JsonObject json, String owner) {
        return new ToolArgs(json, owner);
    }

    /** The user the call is made for; empty for the orchestrator's service calls. */
    public Optional<String> owner() {
        return Optional.ofNullable(owner);
    }

    public String string(String name, String... aliases) {
        return optionalString(name, aliases).orElseThrow(() -> missing(name, "a string"));
    }

    public Optional<String> optionalString(String name, String... aliases) {
        JsonValue v = find(name, aliases);
        if (v == null) {
            return Optional.empty();
        }
        String s = switch (v.getValueType()) {
            case STRING -> ((JsonString) v).getString();
            case NUMBER, TRUE, FALSE -> v.toString();
            default -> throw ToolException.invalid(name, "'" + name + "' must be a string");
        };
        if (s.length() > MAX_STRING) {
            throw new ToolException(Kind.TOO_LARGE, "input_too_large", name,
                    "'" + name + "' is " + s.length() + " characters; the limit is " + MAX_STRING);
        }
        return Optional.of(s);
    }

    public BigDecimal number(String name, String... aliases) {
        return optionalNumber(name, aliases).orElseThrow(() -> missing(name, "a number"));
    }

    public Optional<BigDecimal> optionalNumber(String name, String... aliases) {
        JsonValue v = find(name, aliases);
        if (v == null) {
            return Optional.empty();
        }
        return Optional.of(toNumber(v, name));
    }

    /** A whole number (given as a JSON number or a numeric string). */
    public BigInteger integer(String name, String... aliases) {
        return optionalInteger(name, aliases).orElseThrow(() -> missing(name, "a whole number"));
    }

    public Optional<BigInteger> optionalInteger(String name, String... aliases) {
        return optionalNumber(name, aliases).map(n -> {
            try {
                return n.toBigIntegerExact();
            } catch (ArithmeticException e) {
                throw ToolException.invalid(name, "'" + name + "' must be a whole number, not " + n.toPlainString());
            }
        });
    }

    /** A list of numbers: a JSON array, or a string of numbers separated by commas or spaces. */
    public List<BigDecimal> numbers(String name, String... aliases) {
        JsonValue v = find(name, aliases);
        if (v == null) {
            throw missing(name, "an array of numbers");
        }
        List<BigDecimal> out = new ArrayList<>();
        if (v instanceof JsonArray array) {
            if (array.size() > MAX_ARRAY) {
                throw new ToolException(Kind.TOO_LARGE, "input_too_large", name, "'" + name + "' has " + array.size()
                        + " values; the limit is " + MAX_ARRAY);
            }
            for (JsonValue item : array) {
                out.add(toNumber(item, name));
            }
        } else if (v instanceof JsonString s) {
            if (s.getString().length() > MAX_STRING) { // held to the text bound before it is split and parsed
                throw new ToolException(Kind.TOO_LARGE, "input_too_large", name,
                        "'" + name + "' is " + s.getString().length() + " characters; the limit is " + MAX_STRING);
            }
            for (String part : s.getString().trim().split("[,;\\s]+")) {
                if (!part.isEmpty()) {
                    out.add(toNumber(part, name));
                }
            }
        } else {
            throw ToolException.invalid(name, "'" + name + "' must be an array of numbers such as [1, 2.5, 3]");
        }
        if (out.size() > MAX_ARRAY) {
            throw new ToolException(Kind.TOO_LARGE, "input_too_large", name, "'" + name + "' has too many values");
        }
        return out;
    }

    public boolean has(String name, String... aliases) {
        return find(name, aliases) != null;
    }

    public JsonObject json() {
        return json;
    }

    private JsonValue find(String name, String... aliases) {
        JsonValue v = json.get(name);
        for (int i = 0; (v == null || v == JsonValue.NULL) && i < aliases.length; i++) {
            v = json.get(aliases[i]);
        }
        return v == JsonValue.NULL ? null : v;
    }

    private static BigDecimal toNumber(JsonValue v, String name) {
        if (v instanceof JsonNumber n) {
            if (n.toString().length() > MAX_NUMBER_CHARS) { // as a number written as text is
                throw ToolException.invalid(name, "'" + name + "' is too long for a number");
            }
            return bounded(n.bigDecimalValue(), name);
        }
        if (v instanceof JsonString s) {
            return toNumber(s.getString().trim(), name);
        }
        throw ToolException.invalid(name, "'" + name + "' must be a number");
    }

    private static BigDecimal toNumber(String s, String name) {
        try {
            if (s.length() > MAX_NUMBER_CHARS) {
                throw ToolException.invalid(name, "'" + name + "' is too long for a number");
            }
            return bounded(new BigDecimal(s), name);
        } catch (NumberFormatException e) {
            throw ToolException.invalid(name, "'" + name + "' must be a number, not '" + s + "'");
        }
    }

    /** Refuses numbers like 1e999999999 whose exact form would take gigabytes before any tool sees them. */
    private static BigDecimal bounded(BigDecimal n, String name) {
        long integerDigits = (long) n.precision() - n.scale();
        if (integerDigits > MAX_DIGITS || n.scale() > MAX_DIGITS) {
            throw new ToolException(Kind.TOO_LARGE, "input_too_large", name, "'" + name + "' has more than " + MAX_DIGITS + " digits");
        }
        return n;
    }

    private static ToolException missing(String name, String form) {
        return new ToolException(Kind.INVALID, "missing_argument", name, "argument '" + name + "' is required: " + form);
    }
}
