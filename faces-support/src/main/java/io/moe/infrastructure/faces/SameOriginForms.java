package io.moe.infrastructure.faces;

import io.moe.infrastructure.web.PlainRefusal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * The sign-in, forgotten-password and reset forms are stateless views (an anonymous visit starts no session), so no
 * view state vouches that a post came from the form: a browser's post from another site is refused instead (403).
 * A browser says where a post comes from in {@code Sec-Fetch-Site}, which no page and no proxy changes: only
 * {@code same-origin} (and {@code none}, typed by the user) pass. A browser too old to send it is judged by
 * {@code Origin}, which must be the address the request came to ({@code Host}) or the configured public address
 * ({@code moe.admin.public-url}, for a proxy that rewrites {@code Host}). A post with neither (not from a browser)
 * is let through.
 */
public final class SameOriginForms {

    private static final Logger LOG = Logger.getLogger(SameOriginForms.class.getName());

    private SameOriginForms() {
    }

    /** Answers 403 and returns true when {@code request} is a post from a browser on another site. */
    public static boolean refused(HttpServletRequest request, HttpServletResponse response, String publicUrl) throws IOException {
        if (!"POST".equalsIgnoreCase(request.getMethod())) {
            return false;
        }
        String site = request.getHeader("Sec-Fetch-Site");
        String origin = request.getHeader("Origin");
        boolean allowed = site != null ? site.equals("same-origin") || site.equals("none")
                : origin == null || sameOrigin(origin, request.getHeader("Host"), publicUrl);
        if (allowed) {
            return false;
        }
        LOG.info(() -> "Refused a form post to " + printable(request.getRequestURI()) + " from another site (Sec-Fetch-Site " + printable(site)
                + ", Origin " + printable(origin) + "; this address: " + printable(request.getHeader("Host")) + " or " + publicUrl + ")");
        PlainRefusal.send(request, response, HttpServletResponse.SC_FORBIDDEN, "This form was sent from another site ("
                + printable(origin) + "); sign in on this site's own page.\n");
        return true;
    }

    private static String printable(String header) {
        if (header == null) {
            return "none";
        }
        String plain = header.replaceAll("[^\\x20-\\x7e]", "?"); // no line breaks or escapes into the log
        return plain.length() > 200 ? plain.substring(0, 200) + "…" : plain;
    }

    public static boolean sameOrigin(String origin, String host, String publicUrl) {
        try {
            URI from = URI.create(origin.trim());
            if (from.getScheme() == null || from.getHost() == null) {
                return false; // "null": a sandboxed frame or a privacy-sensitive context
            }
            String authority = authority(from.getScheme(), from.getHost(), from.getPort());
            if (host != null && authority.equals(authority(from.getScheme(), URI.create("http://" + host.trim()).getHost(),
                    URI.create("http://" + host.trim()).getPort()))) {
                return true;
            }
            URI own = publicUrl == null || publicUrl.isBlank() ? null : URI.create(publicUrl.trim());
            return own != null && own.getHost() != null && from.getScheme().equalsIgnoreCase(own.getScheme())
                    && authority.equals(authority(own.getScheme(), own.getHost(), own.getPort()));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String authority(String scheme, String host, int port) {
        int effective = port != -1 ? port : "https".equalsIgnoreCase(scheme) ? 443 : 80;
        return String.valueOf(host).toLowerCase(Locale.ROOT) + ":" + effective;
    }
}
