package io.moe.infrastructure.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Locale;

/**
 * Refuses a browser request whose path is not in canonical form: path parameters ({@code ;}), empty, {@code .}
 * or {@code ..} segments, or encoded dots, slashes and backslashes. Browsers normalise paths before they send
 * them and sessions travel in cookies only, so only a crafted request has one. Besides, Liberty's web container
 * caches the servlet that served a request under its raw path up to the first {@code ;} (having dropped a
 * {@code ;jsessionid=}), and a later request with the same prefix and a shorter path then fails inside the
 * container with a 500 before any filter runs; marking the refusal with an error status keeps it out of that
 * cache.
 */
public final class CanonicalPaths {

    private CanonicalPaths() {
    }

    /** Answers 400 and returns true when the request's raw path is not canonical. */
    public static boolean refused(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (isCanonical(request.getRequestURI()) && !request.isRequestedSessionIdFromURL()) {
            return false;
        }
        PlainRefusal.send(request, response, HttpServletResponse.SC_BAD_REQUEST, "Request the page by its plain path: no ';', "
                + "'//', '.' or '..' segments, and no encoded dots or slashes.\n");
        return true;
    }

    static boolean isCanonical(String rawPath) {
        String lower = rawPath.toLowerCase(Locale.ROOT);
        if (lower.indexOf(';') >= 0 || lower.contains("//") || lower.contains("%2e") || lower.contains("%2f")
                || lower.contains("%5c") || lower.indexOf('\\') >= 0) {
            return false;
        }
        for (String segment : lower.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }
}
