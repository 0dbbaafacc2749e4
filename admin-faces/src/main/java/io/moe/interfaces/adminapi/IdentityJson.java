package io.moe.interfaces.adminapi;

import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.Permission;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.time.OffsetDateTime;

/** The JSON shapes of the identity resources (spec field names; never a password hash or key hash). */
final class IdentityJson {

    private IdentityJson() {
    }

    static JsonObject user(UserAccount u) {
        return Jsonp.createObjectBuilder().add("id", u.id()).add("username", u.username()).add("email", u.email())
                .add("display_name", u.displayName()).add("is_active", u.isActive() ? 1 : 0).add("is_admin", u.isAdmin() ? 1 : 0)
                .add("is_expert", u.isExpert() ? 1 : 0).add("time_zone", u.timeZone())
                .add("created_at", Ids.iso(u.createdAt())).add("updated_at", Ids.iso(u.updatedAt())).build();
    }

    static JsonObject key(ApiKey k) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("id", k.id()).add("user_id", k.userId())
                .add("key_prefix", k.keyPrefix()).add("label", k.label()).add("is_active", k.isActive() ? 1 : 0)
                .add("created_at", Ids.iso(k.createdAt()));
        time(o, "last_used_at", k.lastUsedAt());
        time(o, "expires_at", k.expiresAt());
        return o.build();
    }

    static JsonObject permission(Permission p) {
        return Jsonp.createObjectBuilder().add("id", p.id()).add("user_id", p.userId())
                .add("resource_type", p.resourceType().wireName()).add("resource_id", p.resourceId())
                .add("granted_at", Ids.iso(p.grantedAt())).build();
    }

    static JsonObject budget(TokenBudget b) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("user_id", b.userId());
        limit(o, "daily_limit", b.dailyLimit());
        limit(o, "monthly_limit", b.monthlyLimit());
        limit(o, "total_limit", b.totalLimit());
        return o.add("updated_at", Ids.iso(b.updatedAt())).build();
    }

    static JsonObject usage(UsageEntry u) {
        JsonObjectBuilder row = Jsonp.createObjectBuilder().add("id", u.id()).add("user_id", u.userId());
        row = u.apiKeyId() == null ? row.addNull("api_key_id") : row.add("api_key_id", u.apiKeyId());
        return row.add("request_id", u.requestId()).add("model", u.model()).add("moe_mode", u.moeMode())
                .add("prompt_tokens", u.promptTokens()).add("completion_tokens", u.completionTokens())
                .add("total_tokens", u.totalTokens()).add("weighted_tokens", u.weightedTokens()).add("status", u.status())
                .add("requested_at", Ids.iso(u.requestedAt())).build();
    }

    static void limit(JsonObjectBuilder o, String name, Long value) {
        if (value == null) {
            o.addNull(name);
        } else {
            o.add(name, value);
        }
    }

    private static void time(JsonObjectBuilder o, String name, OffsetDateTime t) {
        if (t == null) {
            o.addNull(name);
        } else {
            o.add(name, Ids.iso(t));
        }
    }
}
