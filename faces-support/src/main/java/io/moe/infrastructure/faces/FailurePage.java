package io.moe.infrastructure.faces;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.primefaces.application.exceptionhandler.ExceptionInfo;

import java.io.IOException;

/**
 * The failure page ({@link PageFailure}) for a failure before Faces ran, in a page filter (a session check that needs the
 * database). A page request is forwarded to it, so that it can answer with its own status (503 for a store that is not
 * answering; the container's error dispatch would keep 500). A Faces Ajax request expects a partial response and would
 * drop an HTML page silently: it is answered the way PrimeFaces' exception handler answers one that failed inside Faces,
 * with a redirect to the failure page and the failure kept in the session for it.
 */
public final class FailurePage {

    public static final String PATH = "/failure.xhtml";

    private FailurePage() {
    }

    /** Answers the request that failed with {@code failure} with the failure page. */
    public static void show(HttpServletRequest request, HttpServletResponse response, RuntimeException failure)
            throws IOException, ServletException {
        if (!PageRedirect.isFacesAjax(request)) {
            request.setAttribute(RequestDispatcher.ERROR_EXCEPTION, failure);
            response.setStatus(PageFailure.statusOf(failure));
            request.getRequestDispatcher(PATH).forward(request, response);
            return;
        }
        ExceptionInfo info = new ExceptionInfo();
        info.setException(failure);
        info.setType(failure.getClass().getName());
        info.setMessage(failure.getMessage());
        request.getSession().setAttribute(ExceptionInfo.ATTRIBUTE_NAME, info);
        PageRedirect.to(request, response, request.getContextPath() + PATH);
    }
}
