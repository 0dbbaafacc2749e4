package io.moe.interfaces.portal;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Answers the spec's portal paths ({@code /user/login}, {@code /user/dashboard}, …) with their Faces views,
 * by a forward (as the admin application's page paths). {@link PortalPagesFilter} has already checked the
 * session on the original request.
 */
@WebServlet(urlPatterns = {"/login", "/dashboard", "/profile", "/usage", "/billing", "/keys", "/templates", "/cc-profiles", "/forgot", "/reset"})
public class PortalPaths extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        request.getRequestDispatcher(request.getServletPath() + ".xhtml").forward(request, response);
    }
}
