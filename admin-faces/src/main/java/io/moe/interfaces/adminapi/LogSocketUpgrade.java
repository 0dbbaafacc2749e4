package io.moe.interfaces.adminapi;

import io.moe.application.identity.AdminSessions;
import io.moe.application.identity.IdentityException;
import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.PresentedKey;
import io.moe.application.overview.ServerLog.Level;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.infrastructure.faces.SameOriginForms;
import io.moe.infrastructure.web.ProblemMapper;
import io.moe.infrastructure.web.RefusalStatus;
import io.moe.interfaces.admin.AdminSession;
import jakarta.inject.Inject;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.websocket.DeploymentException;
import jakarta.websocket.server.ServerContainer;
import jakarta.websocket.server.ServerEndpointConfig;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * {@code GET /api/monitoring/logs/socket}: the server's live log over a WebSocket (the spec's real-time log stream of the
 * admin application), which the monitoring page reads; {@code level} and {@code from} as for the server-sent events of
 * {@code /api/monitoring/logs}. Each message is one JSON object {@code {"next": <position>, "lines": [{"time","level",
 * "text"}, …]}}; a client that reconnects with {@code from=<next>} resumes there. Everything is decided before the
 * upgrade, so a refusal is an ordinary problem+json answer: an admin's browser session that still stands (from a page of
 * this site: a handshake whose {@code Origin} is another site is 403, as a cross-site WebSocket would otherwise ride
 * the admin's cookie) or an admin's API key as {@code Authorization: Bearer}; a known {@code level}; room among the
 * node's log streams (429).
 */
@WebServlet(urlPatterns = LogSocketUpgrade.PATH, asyncSupported = true)
public class LogSocketUpgrade extends HttpServlet {

    static final String PATH = "/api/monitoring/logs/socket";
    private static final long serialVersionUID = 1L;

    @Inject
    transient KeyAuthenticator keys;

    @Inject
    transient AdminSessions sessions;

    @Inject
    transient LogStreams streams;

    @Inject
    @ConfigProperty(name = "moe.admin.public-url", defaultValue = "http://127.0.0.1:8088")
    transient String publicUrl;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        Level filter;
        try {
            if (!"websocket".equalsIgnoreCase(request.getHeader("Upgrade"))) {
                throw new IdentityException(Kind.INVALID, "websocket_required", null, "open this as a WebSocket (ws://…"
                        + PATH + "); GET /api/monitoring/logs sends the same lines as server-sent events");
            }
            admin(request);
            filter = Level.filter(request.getParameter("level"));
            if (filter == null) {
                throw new IdentityException(Kind.INVALID, "invalid_level", "level", "level must be error, warning, info or all");
            }
            streams.requireRoom();
        } catch (Refusal refused) {
            refuse(response, refused);
            return;
        }
        Long from = MonitoringResource.position(request.getParameter("from"));
        ServerContainer container = (ServerContainer) getServletContext().getAttribute(ServerContainer.class.getName());
        LogSocket socket = new LogSocket(streams, filter, from);
        ServerEndpointConfig config = ServerEndpointConfig.Builder.create(LogSocket.class, PATH)
                .configurator(new ServerEndpointConfig.Configurator() {
                    @Override
                    public <T> T getEndpointInstance(Class<T> endpointClass) {
                        return endpointClass.cast(socket);
                    }
                }).build();
        try {
            container.upgradeHttpToWebSocket(request, response, config, Map.of());
        } catch (DeploymentException e) {
            throw new ServletException("the log socket could not be opened", e);
        }
    }

    /** An admin's API key, or an admin's browser session that still stands, opened from a page of this site. */
    private void admin(HttpServletRequest request) {
        String key = PresentedKey.from(request.getHeader("Authorization"), request.getHeader("x-api-key"));
        if (key != null) {
            Caller caller = keys.authenticate(key).orElseThrow(() -> new IdentityException(Kind.UNAUTHENTICATED,
                    "invalid_credentials", null, "the key is unknown, revoked or expired, or its user is blocked"));
            if (!caller.admin()) {
                throw new IdentityException(Kind.FORBIDDEN, "admin_required", null, "the server's log is for admins");
            }
            return;
        }
        String userId = AdminSession.userId(request).orElseThrow(() -> new IdentityException(Kind.UNAUTHENTICATED,
                "missing_credentials", null, "sign in, or send an admin API key as 'Authorization: Bearer <key>'"));
        if (!sessions.stands(userId, AdminSession.stamp(request))) {
            AdminSession.invalidate(request);
            throw new IdentityException(Kind.UNAUTHENTICATED, "session_expired", null,
                    "your session has ended (the account changed or is no longer an active admin); sign in again");
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !SameOriginForms.sameOrigin(origin, request.getHeader("Host"), publicUrl)) {
            throw new IdentityException(Kind.FORBIDDEN, "cross_site", null, "the log socket opens only from the admin pages of this site");
        }
    }

    private static void refuse(HttpServletResponse response, Refusal refused) throws IOException {
        int status = RefusalStatus.of(refused);
        response.setStatus(status);
        response.setContentType(ProblemMapper.PROBLEM.toString());
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        if (status == 401) {
            response.setHeader("WWW-Authenticate", "Bearer");
        }
        int retryAfter = RefusalStatus.retryAfter(refused, status);
        if (retryAfter > 0) {
            response.setHeader("Retry-After", String.valueOf(retryAfter));
        }
        response.getWriter().write(ProblemMapper.body(refused));
    }
}
