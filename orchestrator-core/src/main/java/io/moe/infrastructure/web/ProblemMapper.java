package io.moe.infrastructure.web;

import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.IdentityException;
import io.moe.domain.shared.Refusal;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

import java.util.Set;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Every failure of a JSON API of the admin port (admin API, portal API) as RFC 9457 problem+json: status,
 * title, detail, code and field. Each application registers it by a {@code @Provider} subclass.
 */
public class ProblemMapper implements ExceptionMapper<Throwable> {

    public static final MediaType PROBLEM = new MediaType("application", "problem+json");
    private static final Logger LOG = Logger.getLogger(ProblemMapper.class.getName());

    @Override
    public Response toResponse(Throwable failure) {
        Throwable t = Failures.chain(failure).filter(c -> c instanceof Refusal || c instanceof WebApplicationException)
                .findFirst().orElse(failure);
        Refusal e;
        if (t instanceof Refusal r) {
            e = r;
        } else if (t instanceof WebApplicationException w) {
            e = routeRefusal(w.getResponse().getStatus(), w.getResponse().getAllowedMethods(), w.getMessage());
        } else if (StoreFailures.duplicateKey(failure)) {
            e = new IdentityException(Kind.CONFLICT, "duplicate", null, "a row with the same unique value was written at the same moment; retry");
        } else if (StoreFailures.referenceGone(failure)) {
            e = new IdentityException(Kind.CONFLICT, "reference_gone", null, "something this request refers to was removed at the "
                    + "same moment; nothing was changed: reload and retry");
        } else if (StoreFailures.valueRefused(failure)) {
            LOG.log(Level.WARNING, "A value passed the checks but the database refused it", failure);
            e = new IdentityException(Kind.INVALID, "value_refused", null, "the database refused a value of this request (too long, "
                    + "out of range, or holding a character it does not store, such as NUL); nothing was changed");
        } else if (StoreFailures.databaseUnreachable(failure)) {
            e = new IdentityException(Kind.UNAVAILABLE, "database_unavailable", null, "the database (PostgreSQL) did not answer; retry shortly");
        } else if (StoreFailures.countersUnreachable(failure)) {
            e = new IdentityException(Kind.UNAVAILABLE, "cache_unavailable", null, "the counter store (Redis) cannot be reached; retry shortly");
        } else if (StoreFailures.graphUnreachable(failure)) {
            e = new IdentityException(Kind.UNAVAILABLE, "graph_unavailable", null, StoreFailures.GRAPH_UNAVAILABLE);
        } else if (StoreFailures.breakerOpen(failure)) {
            e = new IdentityException(Kind.UNAVAILABLE, "service_unavailable", null, StoreFailures.BREAKER_OPEN);
        } else {
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "JSON API failure, incident " + incident, failure);
            e = new IdentityException(Kind.FAILED, "internal_error", null, "the server failed; quote incident " + incident);
        }
        Response problem = problem(e);
        return RefusalStatus.allowedMethods(failure).map(methods -> Response.fromResponse(problem).header("Allow", methods).build())
                .orElse(problem);
    }

    /**
     * What the REST layer refused before a resource ran (no such route, a method or body type the route does not take), in
     * words a person can act on instead of the framework's message ({@code RESTEASY003650: No resource method found ...}).
     */
    static Refusal routeRefusal(int status, Set<String> allowedMethods, String frameworkMessage) {
        return switch (status) {
            case 404 -> new IdentityException(Kind.NOT_FOUND, "not_found", null,
                    "no such route; the API is described at /openapi on the orchestrator port");
            case 405 -> new IdentityException(Kind.NOT_ALLOWED, "method_not_allowed", null,
                    RefusalStatus.notAllowed(allowedMethods, "the API is described at /openapi on the orchestrator port"));
            case 415 -> new IdentityException(Kind.UNSUPPORTED_MEDIA, "unsupported_media_type", null, "this route does not take "
                    + "a body of that Content-Type: send application/json (an import: multipart/form-data with 'file')");
            case 406 -> new IdentityException(Kind.NOT_ACCEPTABLE, "not_acceptable", null, "this route does not answer in a "
                    + "type the Accept header allows: accept application/json (or */*)");
            default -> new IdentityException(RefusalStatus.kindOf(status), "http_" + status, null, String.valueOf(frameworkMessage));
        };
    }

    private static Response problem(Refusal e) {
        int status = RefusalStatus.of(e);
        Response.ResponseBuilder r = Response.status(status).type(PROBLEM).entity(body(e));
        if (status == 401) {
            r.header("WWW-Authenticate", "Bearer");
        }
        int retryAfter = RefusalStatus.retryAfter(e, status);
        if (retryAfter > 0) {
            r.header("Retry-After", retryAfter);
        }
        return r.build();
    }

    /** The problem+json body of {@code e}, for a servlet that answers outside JAX-RS. */
    public static String body(Refusal e) {
        int status = RefusalStatus.of(e);
        JsonObjectBuilder body = Jsonp.createObjectBuilder().add("type", "about:blank")
                .add("title", Response.Status.fromStatusCode(status) == null ? e.code()
                        : Response.Status.fromStatusCode(status).getReasonPhrase())
                .add("status", status).add("detail", e.getMessage()).add("code", e.code());
        if (e.field() != null) {
            body.add("field", e.field());
        }
        return body.build().toString();
    }
}
