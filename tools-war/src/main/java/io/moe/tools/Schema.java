package io.moe.tools;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** Builds the JSON Schema of a tool's arguments object. */
public final class Schema {

    private final JsonObjectBuilder properties = Json.createObjectBuilder();
    private final JsonArrayBuilder required = Json.createArrayBuilder();

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
        JsonArrayBuilder list = Json.createArrayBuilder();
        for (String v : values) {
            list.add(v);
        }
        return Json.createObjectBuilder().add("type", "string").add("description", description).add("enum", list);
    }

    public JsonObject build() {
        return Json.createObjectBuilder().add("type", "object").add("properties", properties)
                .add("required", required).add("additionalProperties", true).build();
    }

    private static JsonObjectBuilder property(String type, String description) {
        JsonObjectBuilder p = Json.createObjectBuilder().add("description", description);
        if (type.equals("array")) {
            return p.add("type", "array").add("items", Json.createObjectBuilder().add("type", "number"));
        }
        return p.add("type", type);
    }
}
