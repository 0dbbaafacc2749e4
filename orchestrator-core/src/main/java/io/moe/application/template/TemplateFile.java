package io.moe.application.template;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.shared.Ids;
import io.moe.domain.template.ExpertTemplate;
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
 * The export file of expert templates (spec, "Import and export"): an envelope of type
 * {@code expert_template}, scope, version {@code 1.0}, {@code exported_at} and the items. Reading checks the
 * envelope (a wrong type, version or items that are no array is a 400 naming the field) and keeps the items
 * that have a name; the others are counted as skipped.
 */
public final class TemplateFile {

    public static final String TYPE = "expert_template";
    public static final String VERSION = "1.0";
    public static final String FILE_NAME = "expert_templates.json";
    static final int MAX_ITEMS = 1_000;

    /** An item of the file with its position ({@code items[i]}) and its name, without surrounding white space. */
    public record Item(int index, String name, JsonObject json) {

        public String path() {
            return "items[" + index + "]";
        }
    }

    /** The named items of a file and how many entries had no name. */
    public record Contents(List<Item> items, int nameless) {
    }

    private TemplateFile() {
    }

    public static JsonObject write(List<ExpertTemplate> templates, String scope) {
        JsonArrayBuilder items = Jsonp.createArrayBuilder();
        templates.forEach(t -> items.add(t.toJson()));
        return Jsonp.createObjectBuilder().add("type", TYPE).add("scope", scope).add("version", VERSION)
                .add("exported_at", Ids.iso(Ids.nowUtc())).add("items", items).build();
    }

    public static Contents read(String text) {
        JsonObject file = envelope(text);
        if (!(file.get("type") instanceof JsonString type) || !TYPE.equals(type.getString())) {
            throw TemplateRefusedException.invalid("type", "type must be \"" + TYPE + "\" (this is the expert template import; was "
                    + file.get("type") + ")");
        }
        if (!(file.get("version") instanceof JsonString version) || !VERSION.equals(version.getString())) {
            throw TemplateRefusedException.invalid("version", "version must be \"" + VERSION + "\" (was " + file.get("version") + ")");
        }
        if (!(file.get("items") instanceof JsonArray items)) {
            throw TemplateRefusedException.invalid("items", "items must be an array of templates");
        }
        if (items.size() > MAX_ITEMS) {
            throw TemplateRefusedException.invalid("items", "the file holds " + items.size() + " templates; import at most "
                    + MAX_ITEMS + " at once");
        }
        List<Item> named = new ArrayList<>();
        Map<String, Item> firstNamed = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) instanceof JsonObject item && item.get("name") instanceof JsonString name
                    && !name.getString().isBlank()) {
                String stripped = name.getString().strip();
                Item first = firstNamed.putIfAbsent(stripped, new Item(i, stripped, item));
                if (first != null) {
                    throw TemplateRefusedException.invalid("items[" + i + "].name", "'" + stripped + "' is also the name of items["
                            + first.index() + "]; a file holds each template once");
                }
                named.add(new Item(i, stripped, Jsonp.createObjectBuilder(item).add("name", stripped).build()));
            }
        }
        return new Contents(named, items.size() - named.size());
    }

    private static JsonObject envelope(String text) {
        if (text == null || text.isBlank()) {
            throw new TemplateRefusedException(Kind.INVALID, "invalid_json", "file", "the file is empty; send an expert_templates.json export");
        }
        try {
            JsonValue v = Jsonp.readValue(text);
            if (v instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException e) {
            throw new TemplateRefusedException(Kind.INVALID, "invalid_json", "file", "the file is not valid JSON: " + e.getMessage());
        }
        throw new TemplateRefusedException(Kind.INVALID, "invalid_json", "file", "the file must be a JSON object {type, version, items}");
    }
}
