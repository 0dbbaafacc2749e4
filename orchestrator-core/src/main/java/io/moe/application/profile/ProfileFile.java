package io.moe.application.profile;

import io.moe.domain.profile.CcProfile;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The export file of coding-client profiles (spec, "Import and export"): the envelope of type
 * {@code cc_profile}, scope, version {@code 1.0}, {@code exported_at} and the items. Reading checks the
 * envelope as the template import does (400 naming the field) and keeps the items that have a name; the
 * others are counted as skipped.
 */
public final class ProfileFile {

    public static final String TYPE = "cc_profile";
    public static final String VERSION = "1.0";
    public static final String FILE_NAME = "cc_profiles.json";
    static final int MAX_ITEMS = 1_000;

    /** An item of the file with its position ({@code items[i]}). */
    public record Item(int index, JsonObject json) {

        /** Its name without surrounding white space (the file holds only named items). */
        public String name() {
            return json.getString("name").strip();
        }

        public String path() {
            return "items[" + index + "]";
        }
    }

    /** The named items of a file and how many entries had no name. */
    public record Contents(List<Item> items, int nameless) {
    }

    private ProfileFile() {
    }

    public static JsonObject write(List<CcProfile> profiles, String scope) {
        JsonArrayBuilder items = Jsonp.createArrayBuilder();
        profiles.forEach(p -> items.add(p.toJson()));
        return Jsonp.createObjectBuilder().add("type", TYPE).add("scope", scope).add("version", VERSION)
                .add("exported_at", Ids.iso(Ids.nowUtc())).add("items", items).build();
    }

    public static Contents read(String text) {
        JsonObject file = envelope(text);
        if (!(file.get("type") instanceof JsonString type) || !TYPE.equals(type.getString())) {
            throw ProfileRefusedException.invalid("type", "type must be \"" + TYPE + "\" (this is the profile import; was "
                    + file.get("type") + ")");
        }
        if (!(file.get("version") instanceof JsonString version) || !VERSION.equals(version.getString())) {
            throw ProfileRefusedException.invalid("version", "version must be \"" + VERSION + "\" (was " + file.get("version") + ")");
        }
        if (!(file.get("items") instanceof JsonArray items)) {
            throw ProfileRefusedException.invalid("items", "items must be an array of profiles");
        }
        if (items.size() > MAX_ITEMS) {
            throw ProfileRefusedException.invalid("items", "the file holds " + items.size() + " profiles; import at most "
                    + MAX_ITEMS + " at once");
        }
        List<Item> named = new ArrayList<>();
        Map<String, Integer> firstNamed = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) instanceof JsonObject item && item.get("name") instanceof JsonString name && !name.getString().isBlank()) {
                Integer first = firstNamed.putIfAbsent(name.getString().strip(), i);
                if (first != null) {
                    throw ProfileRefusedException.invalid("items[" + i + "].name", "'" + name.getString().strip()
                            + "' is also the name of items[" + first + "]; a file holds each profile once");
                }
                named.add(new Item(i, item));
            }
        }
        return new Contents(named, items.size() - named.size());
    }

    private static JsonObject envelope(String text) {
        if (text == null || text.isBlank()) {
            throw new ProfileRefusedException(Kind.INVALID, "invalid_json", "file", "the file is empty; send a cc_profiles.json export");
        }
        try {
            JsonValue v = Jsonp.readValue(text);
            if (v instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException e) {
            throw new ProfileRefusedException(Kind.INVALID, "invalid_json", "file", "the file is not valid JSON: " + e.getMessage());
        }
        throw new ProfileRefusedException(Kind.INVALID, "invalid_json", "file", "the file must be a JSON object {type, version, items}");
    }
}
