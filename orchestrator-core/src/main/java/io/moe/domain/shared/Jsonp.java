package io.moe.domain.shared;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;
import java.util.function.Function;

/**
 * The static factory methods of {@link jakarta.json.Json}, over a provider looked up once. {@code Json} looks its
 * provider up on every call: a {@code ServiceLoader} scan of the application's jars and, in Liberty, a
 * {@code ClassNotFoundException} of its OSGi probe — measured at a tenth of the CPU a native pass-through request
 * spends in the server. Code that runs in the server builds and reads JSON through this class
 * ({@code JsonProviderLookedUpOnceTest}).
 */
public final class Jsonp {

    private static final JsonProvider PROVIDER = JsonProvider.provider();

    private Jsonp() {
    }

    public static JsonObjectBuilder createObjectBuilder() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonObjectBuilder createObjectBuilder(JsonObject object) {
        return PROVIDER.createObjectBuilder(object);
    }

    public static JsonObjectBuilder createObjectBuilder(Map<String, ?> map) {
        return PROVIDER.createObjectBuilder(map);
    }

    public static JsonArrayBuilder createArrayBuilder() {
        return PROVIDER.createArrayBuilder();
    }

    public static JsonArrayBuilder createArrayBuilder(JsonArray array) {
        return PROVIDER.createArrayBuilder(array);
    }

    public static JsonArrayBuilder createArrayBuilder(Collection<?> collection) {
        return PROVIDER.createArrayBuilder(collection);
    }

    /** The object {@code text} holds; the reader is closed, so the provider reuses its buffer for the next one. */
    public static JsonObject readObject(String text) {
        return read(text, JsonReader::readObject);
    }

    /** The array {@code text} holds (closing the reader, as {@link #readObject}). */
    public static JsonArray readArray(String text) {
        return read(text, JsonReader::readArray);
    }

    /** The value {@code text} holds (closing the reader, as {@link #readObject}). */
    public static JsonValue readValue(String text) {
        return read(text, JsonReader::readValue);
    }

    /**
     * Reads with {@code part}; a number the provider cannot hold (an exponent beyond an int, more than 1,100 digits),
     * which Parsson reports as NumberFormatException or UnsupportedOperationException, is a {@link JsonException}
     * like any other unreadable JSON, so every caller answers it as bad input.
     */
    private static <T> T read(String text, Function<JsonReader, T> part) {
        try (JsonReader reader = createReader(new StringReader(text))) {
            return part.apply(reader);
        } catch (NumberFormatException | UnsupportedOperationException e) {
            throw new JsonException("a number is too large or too long to read (" + e.getMessage() + ")", e);
        }
    }

    public static JsonReader createReader(Reader reader) {
        return PROVIDER.createReader(reader);
    }

    public static JsonReader createReader(InputStream in) {
        return PROVIDER.createReader(in);
    }

    public static JsonParser createParser(Reader reader) {
        return PROVIDER.createParser(reader);
    }

    public static JsonParser createParser(InputStream in) {
        return PROVIDER.createParser(in);
    }

    public static JsonGenerator createGenerator(Writer writer) {
        return PROVIDER.createGenerator(writer);
    }

    public static JsonGenerator createGenerator(OutputStream out) {
        return PROVIDER.createGenerator(out);
    }

    public static JsonWriter createWriter(Writer writer) {
        return PROVIDER.createWriter(writer);
    }

    public static JsonWriter createWriter(OutputStream out) {
        return PROVIDER.createWriter(out);
    }

    public static JsonWriterFactory createWriterFactory(Map<String, ?> config) {
        return PROVIDER.createWriterFactory(config);
    }

    public static JsonString createValue(String value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(int value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(long value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(double value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(BigDecimal value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(BigInteger value) {
        return PROVIDER.createValue(value);
    }
}
