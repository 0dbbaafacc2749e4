package io.moe.interfaces.adminapi;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.UserAdministration;
import io.moe.application.identity.KnownFields;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Typed reads of a JSON request body; a wrong type is a 400 naming the field. */
final class JsonInput {

    private final JsonObject json;

    private JsonInput(JsonObject json) {
        this.json = json;
    }

    static JsonInput of(String body) {
        if (body == null || body.isBlank()) {
            return new JsonInput(JsonValue.EMPTY_JSON_OBJECT);
        }
        try {
            JsonValue v = Jsonp.readValue(body);
            if (v instanceof JsonObject o) {
                return new JsonInput(o);
            }
        } catch (JsonException e) {
            throw new IdentityException(Kind.INVALID, "invalid_json", null, "the body is not valid JSON: " + e.getMessage());
        }
        throw new IdentityException(Kind.INVALID, "invalid_json", null, "the body must be a JSON object");
    }

    /**
     * This body, when every field it holds is one of {@code fields}: a misspelt field (an {@code expires} meant as
     * {@code expires_at}) would otherwise be left out silently and the request do something else than asked.
     */
    JsonInput accepting(String... fields) {
        KnownFields.check(json.keySet(), java.util.Set.of(fields));
        return this;
    }

    boolean has(String field) {
        return json.containsKey(field);
    }

    String string(String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v instanceof JsonString s) {
            return s.getString();
        }
        throw IdentityException.invalid(field, field + " must be a string");
    }

    Boolean bool(String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
            return v == JsonValue.TRUE;
        }
        if (v instanceof JsonNumber n && (n.toString().equals("0") || n.toString().equals("1"))) {
            return n.intValue() == 1;
        }
        throw IdentityException.invalid(field, field + " must be true or false");
    }

    /** A whole number, or null (JSON null or absent) for "unlimited". */
    Long limit(String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v instanceof JsonNumber n && n.isIntegral()) {
            try {
                return n.longValueExact();
            } catch (ArithmeticException e) {
                throw IdentityException.invalid(field, field + " is too large");
            }
        }
        throw IdentityException.invalid(field, field + " must be a whole number of tokens, or null for unlimited");
    }

    /**
     * An ISO-8601 time with offset, or a day ({@code 2027-01-31}): then the key's last day, expiring at the start of the next
     * UTC day, as the admin page and the portal take it.
     */
    OffsetDateTime time(String field) {
        String s = string(field);
        if (s == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(s);
        } catch (DateTimeParseException notATime) {
            try {
                return UserAdministration.endOfDay(java.time.LocalDate.parse(s));
            } catch (DateTimeParseException notADay) {
                throw IdentityException.invalid(field, field + " must be an ISO-8601 day (the last one the key works, e.g. 2027-01-31)"
                        + " or time with offset (e.g. 2027-01-31T12:00:00Z)");
            }
        }
    }
}
