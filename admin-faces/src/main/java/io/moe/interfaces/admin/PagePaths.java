package io.moe.interfaces.admin;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Answers the spec's page paths ({@code /users}, {@code /servers}) with their Faces views. A forward, not
 * Faces' automatic extensionless mapping, which breaks the URLs of resources referenced from stylesheets (the
 * icon font). {@link AdminPagesFilter} has already checked the session on the original request.
 */
@WebServlet(urlPatterns = {"/users", "/servers", "/templates", "/mcp-tools", "/tool-eval", "/cleanup", "/skills", "/user-content", "/profiles", "/monitoring"})
public class PagePaths extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        request.getRequestDispatcher(request.getServletPath() + ".xhtml").forward(request, response);
    }
}
