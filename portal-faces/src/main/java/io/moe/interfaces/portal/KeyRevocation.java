package io.moe.interfaces.portal;

import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.OwnKeys;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.RefusalStatus;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spec's {@code POST /user/keys/{id}/revoke}: revokes one of the signed-in user's keys ({@link OwnKeys};
 * another user's key is 404 and stays as it is). The session's CSRF token must come as the form field
 * {@code csrf_token} or the {@code X-CSRF-Token} header (403 otherwise). A form post is sent back to
 * {@code /user/keys}; a caller that accepts JSON gets the revoked key's id. {@link PortalPagesFilter} has
 * already checked the session.
 */
@WebServlet(urlPatterns = "/keys/*")
public class KeyRevocation extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Pattern PATH = Pattern.compile("^/([A-Za-z0-9_-]{1,64})/revoke$");

    @Inject
    OwnKeys keys;

    @Inject
    KeyAuthenticator authenticator;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Matcher m = PATH.matcher(Objects.toString(request.getPathInfo(), ""));
        if (!m.matches()) {
            answer(response, 404, "not_found", "POST /user/keys/{id}/revoke revokes a key; nothing else is here");
            return;
        }
        String token = Optional.ofNullable(request.getHeader(BrowserSession.CSRF_HEADER)).orElse(request.getParameter("csrf_token"));
        if (!BrowserSession.PORTAL.csrfMatches(request, token)) {
            answer(response, 403, "csrf_token_invalid", "send the session's CSRF token (form field csrf_token or X-CSRF-Token)");
            return;
        }
        Optional<Caller> caller = BrowserSession.PORTAL.userId(request).flatMap(authenticator::forUser);
        if (caller.isEmpty()) {
            answer(response, 401, "session_expired", "sign in again at /user/login");
            return;
        }
        try {
            String id = keys.revoke(caller.get(), m.group(1)).id();
            if (wantsJson(request)) {
                answer(response, 200, null, id);
            } else {
                response.setStatus(303);
                response.setHeader("Location", request.getContextPath() + "/keys?revoked=" + id);
            }
        } catch (Refusal e) {
            answer(response, RefusalStatus.of(e), e.code(), e.getMessage());
        }
    }

    private static boolean wantsJson(HttpServletRequest request) {
        return Objects.toString(request.getHeader("Accept"), "").contains("json");
    }

    private static void answer(HttpServletResponse response, int status, String code, String message) throws IOException {
        response.setStatus(status);
        response.setContentType(status == 200 ? "application/json" : "application/problem+json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(status == 200 ? Jsonp.createObjectBuilder().add("revoked", message).build().toString()
                : Jsonp.createObjectBuilder().add("status", status).add("code", code).add("detail", message).build().toString());
    }
}
