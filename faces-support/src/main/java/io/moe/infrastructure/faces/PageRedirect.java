package io.moe.infrastructure.faces;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Sends a browser to another page from a filter, in the form the request can follow: a plain request gets a 302; an
 * Ajax request of a page (a button, a table's paging) gets Faces' partial-response redirect, since the page's script
 * expects XML and would otherwise swallow a 302 to the sign-in page's HTML without a word.
 */
public final class PageRedirect {

    private PageRedirect() {
    }

    /** Sends the browser to {@code url} (a path on this server). */
    public static void to(HttpServletRequest request, HttpServletResponse response, String url) throws IOException {
        if (!isFacesAjax(request)) {
            response.sendRedirect(url);
            return;
        }
        response.setContentType("text/xml");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write("<?xml version=\"1.0\" encoding=\"UTF-8\"?><partial-response><redirect url=\""
                + url.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;") + "\"></redirect></partial-response>");
    }

    static boolean isFacesAjax(HttpServletRequest request) {
        return "partial/ajax".equals(request.getHeader("Faces-Request"));
    }
}
