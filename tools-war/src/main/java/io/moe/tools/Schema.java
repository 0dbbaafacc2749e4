package io.moe.tools;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** Builds the JSON Schema of a tool's arguments object. */
public final class Schema {

    private final JsonObjectBuilder properties = Jsonp.createObjectBuilder();
    private final JsonArrayBuilder required = Jsonp.createArrayBuilder();

    public static Schema object() {
        return new Schema();
    }

    public Schema required(String name, String type, String description) {
        properties.add(name, property(type, description));
        required.add(name);
        return this;
    }

    public Schema optional(String name, String type, String description) {
        properties.add(name, property(type, description));
        return this;
    }

    public Schema requiredEnum(String name, String description, String... values) {
        properties.add(name, enumProperty(description, values));
        required.add(name);
        return this;
    }

    public Schema optionalEnum(String name, String description, String... values) {
        properties.add(name, enumProperty(description, values));
        return this;
    }

    private static JsonObjectBuilder enumProperty(String description, String... values) {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (String v : values) {
            list.add(v);
        }
        return Jsonp.createObjectBuilder().add("type", "string").add("description", description).add("enum", list);
    }

    public JsonObject build() {
        return Jsonp.createObjectBuilder().add("type", "object").add("properties", properties)
                .add("required", required).add("additionalProperties", true).build();
    }

    private static JsonObjectBuilder property(String type, String description) {
        JsonObjectBuilder p = Jsonp.createObjectBuilder().add("description", description);
        if (type.equals("array")) {
            return p.add("type", "array").add("items", Jsonp.createObjectBuilder().add("type", "number"));
        }
        return p.add("type", type);
    }
}
