package io.moe.interfaces.admin;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Sends anyone without an admin session to the sign-in page; the JSON API checks its own callers. */
@WebFilter(urlPatterns = "/*")
public class AdminPagesFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        boolean open = path.equals("/login.xhtml") || path.startsWith("/api/") || path.equals("/sso") || path.equals("/sso/callback") || path.startsWith("/jakarta.faces.resource/");
        if (open || AdminSession.userId(request).isPresent()) {
            response.setHeader("X-Frame-Options", "DENY");
            response.setHeader("X-Content-Type-Options", "nosniff");
            chain.doFilter(request, response);
        } else {
            response.sendRedirect(request.getContextPath() + "/login.xhtml");
        }
    }
}
