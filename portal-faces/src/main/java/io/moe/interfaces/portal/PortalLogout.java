package io.moe.interfaces.portal;

import io.moe.infrastructure.web.BrowserSession;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * {@code GET /user/logout}: ends the portal session and goes back to the sign-in page; a session that came through
 * single sign-on goes on to the provider's end-session endpoint (the container has redirected there), which returns
 * to the sign-in page.
 */
@WebServlet(urlPatterns = "/logout")
public class PortalLogout extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        BrowserSession.PORTAL.signOut(request);
        if (!response.isCommitted()) {
            response.sendRedirect(request.getContextPath() + PortalPagesFilter.SIGN_IN);
        }
    }
}
