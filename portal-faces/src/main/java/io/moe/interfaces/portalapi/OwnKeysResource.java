package io.moe.interfaces.portalapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.KnownFields;
import io.moe.application.identity.OwnKeys;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * /user/api/keys: the signed-in user's own API keys ({@link OwnKeys}). GET lists them ({@code id},
 * {@code key_prefix}, {@code label}, {@code is_active}, times, {@code cc_profile_id} and {@code cc_profile} of
 * the own profile the key is bound to); POST {@code {label, expires_at, cc_profile_id}} creates one and answers
 * the raw key once ({@code key}); {@code expires_at} is a day ({@code 2027-01-31}, valid through that day in UTC)
 * or a time with offset. {@code POST {id}/revoke} revokes one (also the spec's {@code POST /user/keys/{id}/revoke}).
 */
@Path("/keys")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class OwnKeysResource {

    private static final java.util.List<String> CREATE_FIELDS = java.util.List.of("cc_profile_id", "expires_at", "label");

    @Inject
    OwnKeys keys;

    @Context
    HttpServletRequest http;

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        keys.list(PortalCaller.of(http)).forEach(k -> list.add(json(k.key(), k.profileId(), k.profileName())));
        return Jsonp.createObjectBuilder().add("keys", list).build().toString();
    }

    @POST
    public Response create(String body) {
        JsonObject in = object(body);
        KnownFields.check(in.keySet(), CREATE_FIELDS); // a misspelt expires_at would make a key that never expires
        UserAdministration.CreatedKey created = keys.create(PortalCaller.of(http), text(in, "label"), expiry(text(in, "expires_at")),
                text(in, "cc_profile_id"));
        return Response.status(201).entity(Jsonp.createObjectBuilder(json(created.key(), text(in, "cc_profile_id"), null))
                .add("key", created.rawKey()).build().toString()).header("Cache-Control", "no-store").build(); // the raw key, once
    }

    @POST
    @Path("{id}/revoke")
    public String revoke(@PathParam("id") String id) {
        return json(keys.revoke(PortalCaller.of(http), id), null, null).toString();
    }

    /** A day (valid through its end, UTC) or an ISO-8601 time with offset; null for none. */
    public static OffsetDateTime expiry(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return value.length() == 10 ? LocalDate.parse(value).plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC).minusSeconds(1)
                    : OffsetDateTime.parse(value);
        } catch (DateTimeParseException e) {
            throw IdentityException.invalid("expires_at", "expires_at must be a day (2027-01-31) or a time with offset (2027-01-31T12:00:00Z)");
        }
    }

    static JsonObject json(ApiKey k, String profileId, String profileName) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("id", k.id()).add("key_prefix", k.keyPrefix()).add("label", k.label())
                .add("is_active", k.isActive() ? 1 : 0).add("created_at", Ids.iso(k.createdAt()))
                .add("last_used_at", k.lastUsedAt() == null ? JsonValue.NULL : Jsonp.createValue(Ids.iso(k.lastUsedAt())))
                .add("expires_at", k.expiresAt() == null ? JsonValue.NULL : Jsonp.createValue(Ids.iso(k.expiresAt())))
                .add("cc_profile_id", profileId == null ? JsonValue.NULL : Jsonp.createValue(profileId));
        if (profileName != null) {
            o.add("cc_profile", profileName);
        }
        return o.build();
    }

    private static JsonObject object(String body) {
        try {
            JsonValue value = Jsonp.readValue(body == null || body.isBlank() ? "{}" : body);
            if (value instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException e) {
            // answered below
        }
        throw new IdentityException(Kind.INVALID, "invalid_json", null, "the body must be a JSON object such as {\"label\":\"laptop\"}");
    }

    private static String text(JsonObject in, String field) {
        JsonValue v = in.get(field);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (v instanceof JsonString s) {
            return s.getString();
        }
        throw IdentityException.invalid(field, field + " must be a string");
    }
}
