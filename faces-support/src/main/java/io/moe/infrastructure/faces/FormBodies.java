package io.moe.infrastructure.faces;

import io.moe.infrastructure.web.PlainRefusal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Locale;

/**
 * Bounds a page's form body before the container reads it whole into request parameters: a URL-encoded POST (a form,
 * or a PrimeFaces Ajax request) declares its length (411 otherwise) and holds at most {@value #OPEN_PAGE_MAX} bytes on
 * a page open without a sign-in, {@value #PAGE_MAX} on the others (413). Uploads are multipart and bounded by the Faces
 * servlet's {@code multipart-config}; JSON routes by {@code JsonBodyGuard}.
 */
public final class FormBodies {

    /** The sign-in, forgotten-password and reset forms: a username, a password, a token and the view's fields. */
    public static final long OPEN_PAGE_MAX = 64 * 1024;
    /** The largest form of a signed-in page (a template's JSON, a skill's Markdown) with room to spare. */
    public static final long PAGE_MAX = 8L * 1024 * 1024;

    private FormBodies() {
    }

    /**
     * Answers 415 and returns true when a post to one of the stateless sign-in forms is not URL-encoded: their forms
     * are, and a multipart body would be parsed into parts before anything could bound it.
     */
    public static boolean notUrlEncoded(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String type = request.getContentType() == null ? "" : request.getContentType().toLowerCase(Locale.ROOT);
        if (!"POST".equalsIgnoreCase(request.getMethod()) || type.startsWith("application/x-www-form-urlencoded")) {
            return false;
        }
        response.setHeader("Connection", "close"); // the body is not read
        PlainRefusal.send(request, response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE,
                "This form takes application/x-www-form-urlencoded only.\n");
        return true;
    }

    /** Answers 411 or 413 and returns true when the request is a URL-encoded POST without a length or over its bound. */
    public static boolean refused(HttpServletRequest request, HttpServletResponse response, boolean open) throws IOException {
        String type = request.getContentType() == null ? "" : request.getContentType().toLowerCase(Locale.ROOT);
        if (!"POST".equalsIgnoreCase(request.getMethod()) || !type.startsWith("application/x-www-form-urlencoded")) {
            return false;
        }
        long length = request.getContentLengthLong();
        long max = open ? OPEN_PAGE_MAX : PAGE_MAX;
        if (length >= 0 && length <= max) {
            return false;
        }
        int status = length < 0 ? HttpServletResponse.SC_LENGTH_REQUIRED : HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE;
        response.setHeader("Connection", "close"); // the body is not read
        PlainRefusal.send(request, response, status, length < 0 ? "A form must be sent with its Content-Length.\n"
                : "The form is larger than this page takes (" + max + " bytes).\n");
        return true;
    }
}
