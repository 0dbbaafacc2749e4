package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Every failure of the admin API as RFC 9457 problem+json: status, title, detail, code and field. */
@Provider
public class Problems implements ExceptionMapper<Throwable> {

    static final MediaType PROBLEM = new MediaType("application", "problem+json");
    private static final Logger LOG = Logger.getLogger(Problems.class.getName());

    @Override
    public Response toResponse(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && !(t instanceof IdentityException) && !(t instanceof WebApplicationException)) {
            t = t.getCause();
        }
        IdentityException e;
        if (t instanceof IdentityException i) {
            e = i;
        } else if (t instanceof WebApplicationException w) {
            int status = w.getResponse().getStatus();
            e = new IdentityException(status, status == 404 ? "not_found" : "http_" + status, null,
                    status == 404 ? "no such route; the API is described at /openapi on the orchestrator port" : String.valueOf(w.getMessage()));
        } else {
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "Admin API failure, incident " + incident, failure);
            e = new IdentityException(500, "internal_error", null, "the server failed; quote incident " + incident);
        }
        JsonObjectBuilder body = Json.createObjectBuilder().add("type", "about:blank")
                .add("title", Response.Status.fromStatusCode(e.status()) == null ? e.code()
                        : Response.Status.fromStatusCode(e.status()).getReasonPhrase())
                .add("status", e.status()).add("detail", e.getMessage()).add("code", e.code());
        if (e.field() != null) {
            body.add("field", e.field());
        }
        Response.ResponseBuilder r = Response.status(e.status()).type(PROBLEM).entity(body.build().toString());
        if (e.status() == 401) {
            r.header("WWW-Authenticate", "Bearer");
        }
        return r.build();
    }
}
