package io.moe.infrastructure.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The security headers of the admin and portal pages. The content security policy allows scripts,
 * styles, images and fonts from the application itself only (Faces' own scripts are served from it), no
 * plug-ins, no foreign base URL and no framing; inline styles stay allowed for Faces components. Pages
 * that add PrimeFaces must switch on its nonce mode ({@code primefaces.CSP}) instead of allowing inline
 * scripts. HSTS is sent when the request came over TLS or the session cookie is marked Secure
 * ({@code moe.security.cookie-secure}, which server.xml also applies to the cookie): then the service is
 * meant to be reached over HTTPS only.
 */
@ApplicationScoped
public class BrowserPolicy {

    /** script-src comes last, so that PrimeFaces' nonce mode can append its nonce to it (see {@link #contentSecurityPolicy}). */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
            + "frame-ancestors 'none'; script-src 'self'";

    /** Mirrors server.xml's default for the variable of the same name, which sets the cookie's flag. */
    @Inject
    @ConfigProperty(name = "moe.security.cookie-secure", defaultValue = "false")
    boolean cookieSecure;

    /**
     * The policy of the pages. PrimeFaces' nonce mode ({@code primefaces.CSP_POLICY}) takes it and appends
     * {@code 'nonce-…'} to its last directive, script-src, so its inline scripts run and no other inline script does.
     */
    public String contentSecurityPolicy() {
        return CONTENT_SECURITY_POLICY;
    }

    public void apply(HttpServletRequest request, HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "same-origin");
        if (request.isSecure() || cookieSecure) {
            response.setHeader("Strict-Transport-Security", "max-age=31536000");
        }
    }
}
