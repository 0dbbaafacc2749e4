package io.moe.infrastructure.web;

import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Refusal;
import jakarta.ws.rs.WebApplicationException;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The HTTP status of each kind of refusal, the same on every port; and back, for the container's own errors. */
public final class RefusalStatus {

    private RefusalStatus() {
    }

    public static int of(Refusal refusal) {
        return of(refusal.kind());
    }

    /** The wait a 503 is answered with when the refusal names none: a store or a pool is expected back shortly. */
    public static final int UNAVAILABLE_RETRY_SECONDS = 5;

    /** The {@code Retry-After} of a refusal answered with {@code status}: its own wait, else 5 s for a 503, else none (0). */
    public static int retryAfter(Refusal refusal, int status) {
        return refusal.retryAfterSeconds() > 0 ? refusal.retryAfterSeconds() : status == 503 ? UNAVAILABLE_RETRY_SECONDS : 0;
    }

    public static int of(Refusal.Kind kind) {
        return switch (kind) {
            case INVALID -> 400;
            case UNAUTHENTICATED -> 401;
            case FORBIDDEN -> 403;
            case NOT_FOUND -> 404;
            case NOT_ALLOWED -> 405;
            case NOT_ACCEPTABLE -> 406;
            case CONFLICT -> 409;
            case TOO_LARGE -> 413;
            case UNSUPPORTED_MEDIA -> 415;
            case UNPROCESSABLE -> 422;
            case TOO_MANY -> 429;
            case CANCELLED -> 499;
            case FAILED -> 500;
            case UPSTREAM_FAILED -> 502;
            case UNAVAILABLE -> 503;
            case UPSTREAM_TIMEOUT -> 504;
            case STORAGE_FULL -> 507;
        };
    }

    /**
     * The methods a route takes, for the {@code Allow} header RFC 9110 requires on a 405, from the REST layer's own
     * refusal in {@code failure}'s chain ("DELETE, GET, PUT"); empty when there is none or it names none.
     */
    public static Optional<String> allowedMethods(Throwable failure) {
        return Failures.chain(failure).filter(WebApplicationException.class::isInstance)
                .map(t -> ((WebApplicationException) t).getResponse())
                .filter(r -> r.getStatus() == 405 && !r.getAllowedMethods().isEmpty())
                .map(r -> listed(r.getAllowedMethods()))
                .findFirst();
    }

    /**
     * What a 405 says on every port: that the route does not take the method, and the methods it takes when the REST
     * layer named them ({@code methods}), else {@code whereToLook} ("see /openapi").
     */
    public static String notAllowed(Set<String> methods, String whereToLook) {
        return "this route does not take that HTTP method; " + (methods.isEmpty() ? whereToLook : "it takes " + listed(methods));
    }

    private static String listed(Set<String> methods) {
        return String.join(", ", new TreeSet<>(methods));
    }

    /** The kind of refusal an HTTP status stands for (the container's 404, 405, 415, … on unknown routes). */
    public static Refusal.Kind kindOf(int status) {
        for (Refusal.Kind kind : Refusal.Kind.values()) {
            if (of(kind) == status) {
                return kind;
            }
        }
        return status >= 500 ? Refusal.Kind.FAILED : Refusal.Kind.INVALID;
    }
}
