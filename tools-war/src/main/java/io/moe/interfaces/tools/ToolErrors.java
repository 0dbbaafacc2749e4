package io.moe.interfaces.tools;

import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.infrastructure.web.RefusalStatus;
import io.moe.infrastructure.web.StoreFailures;

import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Every failure on the tools port as {@code {"error": {"error_code", "message", "argument"}}}: tool
 * refusals with their own status, unknown routes 404, a database that does not answer 503,
 * anything unexpected 500 with an incident id.
 */
@Provider
public class ToolErrors implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(ToolErrors.class.getName());

    @Override
    public Response toResponse(Throwable failure) {
        ToolException e = classify(failure);
        int status = RefusalStatus.of(e);
        Response.ResponseBuilder response = Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body(e).toString());
        if (status == 401) {
            response.header("WWW-Authenticate", "Bearer");
        }
        int retryAfter = RefusalStatus.retryAfter(e, status);
        if (retryAfter > 0) {
            response.header("Retry-After", retryAfter);
        }
        RefusalStatus.allowedMethods(failure).ifPresent(methods -> response.header("Allow", methods));
        return response.build();
    }

    static JsonObject body(ToolException e) {
        JsonObjectBuilder error = Jsonp.createObjectBuilder().add("error_code", e.code()).add("message", e.getMessage());
        if (e.argument() == null) {
            error.addNull("argument");
        } else {
            error.add("argument", e.argument());
        }
        return Jsonp.createObjectBuilder().add("error", error).build();
    }

    private static ToolException classify(Throwable failure) {
        if (failure instanceof ToolException e) {
            return e;
        }
        if (failure instanceof WebApplicationException w) {
            int status = w.getResponse().getStatus();
            return switch (status) {
                case 404 -> new ToolException(Kind.NOT_FOUND, "not_found", null, "no such route; see GET /tools and POST /invoke");
                case 405 -> new ToolException(Kind.NOT_ALLOWED, "method_not_allowed", null,
                        RefusalStatus.notAllowed(w.getResponse().getAllowedMethods(), "see GET /tools and POST /invoke"));
                case 415 -> new ToolException(Kind.UNSUPPORTED_MEDIA, "unsupported_media_type", null, "send the body as application/json");
                case 406 -> new ToolException(Kind.NOT_ACCEPTABLE, "not_acceptable", null, "this route does not answer in a type "
                        + "the Accept header allows: accept application/json (GET /mcp/sse: text/event-stream), or */*");
                default -> new ToolException(RefusalStatus.kindOf(status), "http_" + status, null, String.valueOf(w.getMessage()));
            };
        }
        Refusal refusal = Failures.chain(failure).filter(Refusal.class::isInstance).map(Refusal.class::cast).findFirst().orElse(null);
        if (refusal != null) { // e.g. the key check's database_unavailable
            return new ToolException(refusal.kind(), refusal.code(), refusal.field(), refusal.getMessage());
        }
        if (StoreFailures.databaseUnreachable(failure)) { // e.g. the tool switches, never read before, could not be read
            return new ToolException(Kind.UNAVAILABLE, "database_unavailable", null, "the database (PostgreSQL) did not answer; retry shortly");
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure on the tools port, incident " + incident, failure);
        return new ToolException(Kind.FAILED, "internal_error", null, "the server failed; quote incident " + incident + " to the operator");
    }
}
