package io.moe.infrastructure.web;

import io.moe.domain.shared.PlainText;
import io.moe.domain.shared.Refusal;

import io.moe.application.limits.RequestLimits;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Bounds every request body of a JAX-RS application before a resource reads it: larger than
 * {@code moe.limits.max-body-bytes} is 413, declared in a charset other than UTF-8 is 415, not UTF-8 or nested deeper
 * than {@code moe.limits.max-json-depth} is 400. Each port registers a subclass, after authentication, that answers in its own error shape.
 */
public abstract class JsonBodyGuard implements ContainerRequestFilter {

    /** The request property holding the body as the text it was checked as, for a later filter that reads it whole. */
    public static final String TEXT = "moe.body.text";

    @Inject
    RequestLimits limits;

    /** The port's error for a refused body. */
    protected abstract RuntimeException refuse(Refusal.Kind kind, String code, String message);

    @Override
    public void filter(ContainerRequestContext request) {
        if (!request.hasEntity()) {
            return;
        }
        String charset = request.getMediaType() == null ? null : request.getMediaType().getParameters().get("charset");
        if (charset != null && !charset.equalsIgnoreCase("UTF-8") && !charset.equalsIgnoreCase("utf8")) {
            // the body would be read in that charset and stored misread ("Zoë" as "ZoÃ«"); JSON is UTF-8 (RFC 8259)
            throw refuse(Refusal.Kind.UNSUPPORTED_MEDIA, "unsupported_charset", "the body is declared as charset=" + PlainText.fit(charset, 40)
                    + "; send JSON in UTF-8 (Content-Type: application/json or application/json; charset=UTF-8)");
        }
        int max = limits.maxBodyBytes;
        if (request.getLength() > max) {
            throw tooLarge(max);
        }
        byte[] body = readAtMost(request.getEntityStream(), max);
        try {
            request.setProperty(TEXT, JsonText.decode(body, limits.maxJsonDepth));
        } catch (JsonText.Refused e) {
            throw refuse(Refusal.Kind.INVALID, e.code(), e.getMessage());
        }
        request.setEntityStream(new ByteArrayInputStream(body));
    }

    private byte[] readAtMost(InputStream in, int max) {
        try {
            byte[] body = in.readNBytes(max + 1);
            if (body.length > max) {
                throw tooLarge(max);
            }
            return body;
        } catch (IOException e) {
            throw refuse(Refusal.Kind.INVALID, "unreadable_body", "the request body could not be read completely; send it again");
        }
    }

    private RuntimeException tooLarge(int max) {
        return refuse(Refusal.Kind.TOO_LARGE, "request_too_large", "the request body is larger than " + max
                + " bytes (moe.limits.max-body-bytes); send less");
    }

}
