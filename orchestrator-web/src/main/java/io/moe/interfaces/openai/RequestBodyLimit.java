package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.web.JsonBodyGuard;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.Provider;

/**
 * Bounds every request body of this port before a resource reads it ({@link JsonBodyGuard}), answering
 * in the OpenAI error shape. It runs after authentication and authorization, so a caller without a valid key never makes
 * the server read a body.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 100)
public class RequestBodyLimit extends JsonBodyGuard {

    @Override
    protected RuntimeException refuse(Refusal.Kind kind, String code, String message) {
        return new ApiError(kind, code, message);
    }
}
