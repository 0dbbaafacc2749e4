package io.moe.interfaces.admin;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The argument form of {@code /tool-eval}, generated from a tool's JSON Schema: one field per property, typed by
 * the schema ({@code string}, {@code integer}, {@code number}, {@code boolean}, an {@code enum} as a choice,
 * {@code array} and {@code object} as JSON text), required ones marked. {@link #arguments} turns what was typed
 * into the call's arguments and names the first field that cannot be read.
 */
public class ToolArgumentForm implements Serializable {

    /** As the tools take numbers (ToolArgs.MAX_DIGITS). */
    static final int MAX_DIGITS = 4000;

    private static final long serialVersionUID = 1L;
    static final int MAX_FIELDS = 32;

    /** One argument: its name, schema type, description, whether required, its choices and the typed text. */
    public static class Field implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;
        private final String type;
        private final String description;
        private final boolean required;
        private final List<String> choices;
        private String value;

        Field(String name, String type, String description, boolean required, List<String> choices) {
            this.name = name;
            this.type = type;
            this.description = description;
            this.required = required;
            this.choices = choices;
        }

        public String getName() { return name; }
        public String getType() { return type; }
        public String getDescription() { return description; }
        public boolean isRequired() { return required; }
        public List<String> getChoices() { return choices; }
        public boolean isBoolean() { return "boolean".equals(type); }

        /** Which input the field is (and the id of that input): choice, bool, json or text. */
        public String getKind() {
            if (!choices.isEmpty()) {
                return "choice";
            }
            if (isBoolean()) {
                return "bool";
            }
            return "array".equals(type) || "object".equals(type) ? "json" : "text";
        }
        public String getValue() { return value; }
        public void setValue(String value) { this.value = value; }
    }

    /** An argument that cannot be read: the field's index and what to do. */
    public static class BadArgument extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int index;

        BadArgument(int index, String message) {
            super(message);
            this.index = index;
        }
    }

    private final List<Field> fields = new ArrayList<>();

    static ToolArgumentForm of(JsonObject schema) {
        ToolArgumentForm form = new ToolArgumentForm();
        JsonObject properties = schema.getJsonObject("properties");
        List<String> required = schema.containsKey("required") && schema.get("required").getValueType() == JsonValue.ValueType.ARRAY
                ? schema.getJsonArray("required").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList() : List.of();
        if (properties == null) {
            return form;
        }
        for (Map.Entry<String, JsonValue> p : properties.entrySet()) {
            if (form.fields.size() >= MAX_FIELDS || !(p.getValue() instanceof JsonObject property)) {
                continue;
            }
            List<String> choices = property.containsKey("enum") && property.get("enum").getValueType() == JsonValue.ValueType.ARRAY
                    ? property.getJsonArray("enum").stream().map(v -> v instanceof JsonString s ? s.getString() : v.toString()).toList()
                    : List.of();
            String type = property.get("type") instanceof JsonString t ? t.getString() : "string";
            form.fields.add(new Field(p.getKey(), type, property.getString("description", ""), required.contains(p.getKey()), choices));
        }
        return form;
    }

    /** The arguments as typed; an empty optional field is left out. */
    JsonObject arguments() {
        JsonObjectBuilder args = Jsonp.createObjectBuilder();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            String text = f.value == null ? "" : f.value.strip();
            if (text.isEmpty()) {
                if (f.required && !f.isBoolean()) {
                    throw new BadArgument(i, f.name + " is required.");
                }
                continue;
            }
            args.add(f.name, value(i, f, text));
        }
        return args.build();
    }

    /**
     * {@code n} when the tools would take it: at most {@value #MAX_DIGITS} digits before and after the point. Checked on
     * precision and scale, before 1e30000000 is written out as thirty million digits.
     */
    private static BigDecimal bounded(int index, Field f, BigDecimal n) {
        if (n.precision() - n.scale() > MAX_DIGITS || n.scale() > MAX_DIGITS) {
            throw new BadArgument(index, f.name + " may have at most " + MAX_DIGITS + " digits before and after the point.");
        }
        return n;
    }

    private static JsonValue value(int index, Field f, String text) {
        switch (f.type) {
            case "integer":
                try {
                    return Jsonp.createValue(bounded(index, f, new BigDecimal(text)).toBigIntegerExact());
                } catch (ArithmeticException | NumberFormatException e) {
                    throw new BadArgument(index, f.name + " must be a whole number.");
                }
            case "number":
                try {
                    return Jsonp.createValue(bounded(index, f, new BigDecimal(text)));
                } catch (NumberFormatException e) {
                    throw new BadArgument(index, f.name + " must be a number.");
                }
            case "boolean":
                return Boolean.parseBoolean(text) ? JsonValue.TRUE : JsonValue.FALSE;
            case "array", "object":
                try {
                    JsonValue v = Jsonp.readValue(text);
                    if (v.getValueType() != ("array".equals(f.type) ? JsonValue.ValueType.ARRAY : JsonValue.ValueType.OBJECT)) {
                        throw new BadArgument(index, f.name + " must be a JSON " + f.type + ".");
                    }
                    return v;
                } catch (JsonException e) {
                    throw new BadArgument(index, f.name + " must be a JSON " + f.type + ("array".equals(f.type) ? ", e.g. [1, 2, 3]." : ", e.g. {\"a\": 1}."));
                }
            default:
                return Jsonp.createValue(text);
        }
    }

    /** Fills the fields from saved arguments (a case being looked at again). */
    void fill(JsonObject args) {
        for (Field f : fields) {
            JsonValue v = args.get(f.name);
            f.value = v == null ? null : v instanceof JsonString s ? s.getString() : v.toString();
        }
    }

    public List<Field> getFields() {
        return fields;
    }
}
