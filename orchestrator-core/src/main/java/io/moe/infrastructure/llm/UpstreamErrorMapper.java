package io.moe.infrastructure.llm;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

/** Turns an error status from an inference server into an {@link InferenceException} that keeps the status. */
public class UpstreamErrorMapper implements ResponseExceptionMapper<InferenceException> {

    @Override
    public boolean handles(int status, MultivaluedMap<String, Object> headers) {
        return status >= 400;
    }

    @Override
    public InferenceException toThrowable(Response response) {
        return failure(response.getStatus(), response.hasEntity() ? response.readEntity(String.class) : "",
                retryAfter(response.getHeaderString("Retry-After")));
    }

    /** The failure of a server that answered {@code status} with {@code body} (its first 300 characters go into the message). */
    static InferenceException failure(int status, String body, long retryAfterSeconds) {
        String excerpt = body.length() > 300 ? body.substring(0, 300) + "…" : body;
        return new InferenceException("inference server answered HTTP " + status + (excerpt.isBlank() ? "" : ": " + excerpt),
                status == 504, null, status, retryAfterSeconds);
    }

    /** {@code Retry-After} in whole seconds; -1 when absent or a date (not worth waiting for here). */
    static long retryAfter(String header) {
        if (header == null || !header.strip().matches("\\d{1,6}")) {
            return -1;
        }
        return Long.parseLong(header.strip());
    }
}
