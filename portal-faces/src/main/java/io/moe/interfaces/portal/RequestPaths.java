package io.moe.interfaces.portal;

import io.moe.application.feedback.FeedbackService;
import io.moe.application.identity.KeyAuthenticator;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.web.BrowserSession;
import jakarta.inject.Inject;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * {@code /user/requests/{response id}}: the answer inspector's address, forwarded to its view with the id as a
 * request attribute ({@link AnswerInspector} reads it). An answer that is not the signed-in user's own (or not
 * known, or of the wrong shape) is answered with status 404 before the view renders its notice.
 * {@link PortalPagesFilter} has already checked the session.
 */
@WebServlet(urlPatterns = "/requests/*")
public class RequestPaths extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String RESPONSE_ID = "moe.portal.responseId";
    private static final Pattern ID = Pattern.compile("^/([A-Za-z0-9_.:-]{1,100})$");

    @Inject
    KeyAuthenticator callers;

    @Inject
    FeedbackService feedback;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        var m = ID.matcher(Objects.toString(request.getPathInfo(), ""));
        if (!m.matches()) {
            response.setStatus(404);
            request.getRequestDispatcher("/request.xhtml").forward(request, response);
            return;
        }
        String id = m.group(1);
        boolean own = BrowserSession.PORTAL.userId(request).flatMap(callers::forUser).map(caller -> {
            try {
                feedback.trace(caller, id);
                return true;
            } catch (Refusal notOwn) {
                return false;
            }
        }).orElse(false);
        if (!own) {
            response.setStatus(404);
        }
        request.setAttribute(RESPONSE_ID, id);
        request.getRequestDispatcher("/request.xhtml").forward(request, response);
    }
}
