package io.moe.interfaces.tools;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.limits.RequestLimits;
import io.moe.infrastructure.web.JsonText;
import io.moe.tools.ToolException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads request bodies of the tools port, at most {@code moe.tools.max-body-bytes} of them: the stream
 * is read in small pieces and abandoned as soon as it passes the limit (413 {@code input_too_large}),
 * so an oversized body is never held in memory whole. {@link BodyLimitFilter} refuses bodies that
 * announce their size even earlier.
 */
@ApplicationScoped
public class JsonBodies {

    @Inject
    @ConfigProperty(name = "moe.tools.max-body-bytes", defaultValue = "2000000")
    long maxBytes;

    @Inject
    RequestLimits limits;

    long maxBytes() {
        return maxBytes;
    }

    /** The body as one JSON object; anything else is a 400. */
    JsonObject object(InputStream body) {
        String text = text(body);
        if (text.isBlank()) {
            throw new ToolException(Kind.INVALID, "invalid_json", null, "the body is empty; send a JSON object");
        }
        try {
            JsonValue value = Jsonp.readValue(text);
            if (value instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException e) {
            throw new ToolException(Kind.INVALID, "invalid_json", null, "the body is not valid JSON: " + e.getMessage());
        }
        throw new ToolException(Kind.INVALID, "invalid_json", null, "the body must be a JSON object");
    }

    /** The body as UTF-8 text; not UTF-8, or nested deeper than {@code moe.limits.max-json-depth}, is a 400. */
    String text(InputStream body) {
        try {
            return JsonText.decode(bounded(body, maxBytes), limits.maxJsonDepth);
        } catch (JsonText.Refused e) {
            throw new ToolException(Kind.INVALID, e.code(), null, e.getMessage());
        }
    }

    /** At most {@code max} bytes of {@code in}; one byte more is a 413. */
    static byte[] bounded(InputStream in, long max) {
        if (in == null) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) != -1; ) {
                if (out.size() + (long) n > max) {
                    throw tooLarge(max);
                }
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new ToolException(Kind.INVALID, "invalid_json", null, "the request body could not be read to its end");
        }
        return out.toByteArray();
    }

    static ToolException tooLarge(long max) {
        return new ToolException(Kind.TOO_LARGE, "input_too_large", null, "the body is larger than " + max
                + " bytes; send less text, or split the work into several calls");
    }
}
