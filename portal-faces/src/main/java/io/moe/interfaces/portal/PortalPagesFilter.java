package io.moe.interfaces.portal;

import io.moe.infrastructure.web.BrowserPolicy;
import io.moe.infrastructure.web.CanonicalPaths;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Gives every portal page the same security headers as the admin pages ({@link BrowserPolicy}). */
@WebFilter(urlPatterns = "/*")
public class PortalPagesFilter extends HttpFilter {

    @Inject
    BrowserPolicy browser;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        browser.apply(request, response);
        if (CanonicalPaths.refused(request, response)) {
            return;
        }
        chain.doFilter(request, response);
    }
}
