package io.moe.interfaces.openai;

import io.moe.application.routing.ToolModelUnavailableException;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.web.RefusalStatus;
import io.moe.interfaces.messages.MessagesErrors;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.Set;

/**
 * Answers every exception escaping a resource of this port: in the messages API's error shape on
 * /v1/messages, and on GET /v1/models asked with {@code anthropic-version} ({@link MessagesErrors#speaksMessages}),
 * with an OpenAI-shaped error body on the other /v1 routes, and with an RFC 9457 {@code application/problem+json} body
 * everywhere else.
 */
@Provider
public class OpenAiExceptionMapper implements ExceptionMapper<Throwable> {

    static final MediaType PROBLEM_JSON = new MediaType("application", "problem+json");
    static final String BUDGET_EXCEEDED = "budget_exceeded";
    /** Refusals that asking again does not lift: the SDKs are told not to retry, and no 503 gets a Retry-After. */
    static final Set<String> NOT_RETRIED = Set.of(BUDGET_EXCEEDED, ToolModelUnavailableException.CODE, OpenAiErrors.UPSTREAM_REFUSED);

    @Context
    UriInfo uri;

    @Context
    HttpHeaders headers;

    @Override
    public Response toResponse(Throwable failure) {
        Refusal error = OpenAiErrors.classify(failure);
        int status = RefusalStatus.of(error);
        Response.ResponseBuilder response = Response.status(status);
        if (speaksMessages()) {
            response.type(MediaType.APPLICATION_JSON_TYPE).entity(MessagesErrors.body(error).toString());
        } else if (isOpenAiRoute()) {
            response.type(MediaType.APPLICATION_JSON_TYPE).entity(OpenAiErrors.body(error).toString());
        } else {
            response.type(PROBLEM_JSON).entity(Jsonp.createObjectBuilder()
                    .add("type", "about:blank")
                    .add("title", Response.Status.fromStatusCode(status) != null
                            ? Response.Status.fromStatusCode(status).getReasonPhrase() : error.code())
                    .add("status", status)
                    .add("detail", error.getMessage())
                    .add("code", error.code())
                    .build().toString());
        }
        if (status == 401) {
            response.header("WWW-Authenticate", "Bearer");
        }
        RefusalStatus.allowedMethods(failure).ifPresent(methods -> response.header("Allow", methods));
        int retryAfter = retryAfterSeconds(error, status);
        if (retryAfter > 0) {
            response.header("Retry-After", retryAfter);
        }
        if (NOT_RETRIED.contains(error.code())) {
            // the OpenAI and Anthropic SDKs retry every 429 and 5xx unless told not to; a used-up budget or a server an
            // admin switched off is not brought back by asking again
            response.header("x-should-retry", "false");
        }
        return response.build();
    }

    /** The refusal's own wait, else for any 503 (a store or the server at capacity) a short one: the SDKs retry after it. */
    static int retryAfterSeconds(Refusal error, int status) {
        if (NOT_RETRIED.contains(error.code()) && error.retryAfterSeconds() <= 0) {
            return 0;
        }
        return RefusalStatus.retryAfter(error, status);
    }

    private boolean speaksMessages() {
        try {
            return MessagesErrors.speaksMessages(uri.getPath(), headers.getHeaderString("anthropic-version"));
        } catch (RuntimeException outsideRequest) {
            return false;
        }
    }

    private boolean isOpenAiRoute() {
        try {
            String path = uri.getPath();
            return path.startsWith("/v1/") || path.startsWith("v1/") || path.equals("/v1") || path.equals("v1");
        } catch (RuntimeException outsideRequest) {
            return true;
        }
    }
}
