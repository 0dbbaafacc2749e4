package io.moe.infrastructure.faces;

import jakarta.faces.application.ResourceHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.net.MalformedURLException;

/**
 * A request for a page ({@code .xhtml}) the application does not have is answered 404 — the failure page's "Page not
 * found" — before Faces looks for it. Faces searched the class path's flow folders for it too, and each miss filed an
 * FFDC incident on Liberty (a {@code NoSuchElementException} its enumeration of resources throws), so every mistyped
 * address left a file operators read as a server failure.
 */
public final class MissingPage {

    private MissingPage() {
    }

    /**
     * True when {@code path} (as the container routed it) names a page the web module does not have: 404 is sent. Faces
     * resources ({@code /jakarta.faces.resource/theme.css.xhtml}) are no pages; Faces serves them from its libraries.
     */
    public static boolean answered(HttpServletRequest request, HttpServletResponse response, String path) throws IOException {
        if (!path.endsWith(".xhtml") || path.startsWith(ResourceHandler.RESOURCE_IDENTIFIER + "/") || exists(request, path)) {
            return false;
        }
        response.sendError(HttpServletResponse.SC_NOT_FOUND);
        return true;
    }

    private static boolean exists(HttpServletRequest request, String path) {
        try {
            return request.getServletContext().getResource(path) != null;
        } catch (MalformedURLException e) {
            return false;
        }
    }
}
