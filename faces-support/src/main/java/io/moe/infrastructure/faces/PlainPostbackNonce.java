package io.moe.infrastructure.faces;

import jakarta.faces.context.FacesContext;
import jakarta.faces.event.PhaseEvent;
import jakarta.faces.event.PhaseId;
import jakarta.faces.event.PhaseListener;

import java.util.Map;

/**
 * Lets a plain form post (the sign-in and sign-out forms, or any non-Ajax post that carries no PrimeFaces
 * nonce) be answered with its page again. PrimeFaces keeps its script nonce in the view and refuses such a
 * post ("CSP nonce mismatch" or "Missing CSP nonce", a 500) unless the request is a forward, for which it
 * makes a new nonce. A full page gets that new nonce in its new header, so the pages filter (admin and portal) forwards
 * plain page posts and this listener drops the view's stored nonce for them; Ajax posts, which must keep the
 * page's nonce, are untouched.
 */
public class PlainPostbackNonce implements PhaseListener {

    private static final long serialVersionUID = 1L;
    static final String NONCE = "primefaces.nonce";

    /** A non-Ajax POST to a Faces page, not yet forwarded. */
    public static boolean isPlainPagePost(jakarta.servlet.http.HttpServletRequest request, String path) {
        return "POST".equals(request.getMethod()) && path.endsWith(".xhtml")
                && !"partial/ajax".equals(request.getHeader("Faces-Request"))
                && request.getDispatcherType() == jakarta.servlet.DispatcherType.REQUEST;
    }

    @Override
    public void afterPhase(PhaseEvent event) {
        FacesContext faces = event.getFacesContext();
        if (!faces.isPostback() || faces.getPartialViewContext().isAjaxRequest()
                || faces.getExternalContext().getRequestParameterMap().containsKey(NONCE) || faces.getViewRoot() == null) {
            return;
        }
        Map<String, Object> viewMap = faces.getViewRoot().getViewMap(false);
        if (viewMap != null) {
            viewMap.remove(NONCE);
        }
    }

    @Override
    public void beforePhase(PhaseEvent event) {
        // nothing before the view is restored
    }

    @Override
    public PhaseId getPhaseId() {
        return PhaseId.RESTORE_VIEW;
    }
}
