package io.moe.infrastructure.redis;

import io.moe.domain.identity.UsageEntry;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.time.OffsetDateTime;

/** A usage row as the JSON the usage journal keeps: every column, the row's own id included (it makes a re-write harmless). */
final class UsageRowJson {

    private UsageRowJson() {
    }

    static String write(UsageEntry row) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("id", row.id()).add("user_id", row.userId())
                .add("request_id", row.requestId()).add("model", row.model()).add("moe_mode", row.moeMode())
                .add("prompt_tokens", row.promptTokens()).add("completion_tokens", row.completionTokens())
                .add("weighted_tokens", row.weightedTokens()).add("status", row.status())
                .add("requested_at", row.requestedAt().toString());
        if (row.apiKeyId() != null) {
            o.add("api_key_id", row.apiKeyId());
        }
        return o.build().toString();
    }

    static UsageEntry read(String json) {
        JsonObject o = Jsonp.readObject(json);
        return new UsageEntry(o.getString("id"), o.getString("user_id"), o.getString("api_key_id", null),
                o.getString("request_id"), o.getString("model"), o.getString("moe_mode"),
                o.getJsonNumber("prompt_tokens").longValue(), o.getJsonNumber("completion_tokens").longValue(),
                o.getJsonNumber("weighted_tokens").longValue(), o.getString("status"),
                OffsetDateTime.parse(o.getString("requested_at")));
    }
}
