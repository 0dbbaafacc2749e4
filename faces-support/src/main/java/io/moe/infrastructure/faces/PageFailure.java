package io.moe.infrastructure.faces;

import io.moe.infrastructure.web.StoreFailures;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.ViewExpiredException;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Named;
import jakarta.servlet.RequestDispatcher;
import org.primefaces.application.exceptionhandler.ExceptionInfo;

import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the failure page ({@code /failure.xhtml}) tells a person whose page could not be shown. The failure comes from a
 * page filter ({@link FailurePage}), from the container's error dispatch (anything else that failed outside Faces), or
 * from PrimeFaces' exception handler (a failure inside Faces: it redirects here with the failure kept in the session,
 * removed once shown). A store that is not
 * answering is said as such, with status 503, so the person knows to try again shortly; anything else gets an
 * incident number to quote, its details go to the server log only (status 500).
 */
@Named
@RequestScoped
public class PageFailure {

    private static final Logger LOG = Logger.getLogger(PageFailure.class.getName());
    private static final String REDIS_FAILURE = "redis.clients.jedis.exceptions.JedisException";

    private String heading;
    private String explanation;
    private int status = 200;

    @PostConstruct
    void read() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        Throwable failure = external.getRequestMap().get(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable t ? t : null;
        if (failure == null && external.getSession(false) != null
                && external.getSessionMap().remove(ExceptionInfo.ATTRIBUTE_NAME) instanceof ExceptionInfo info) {
            failure = info.getException();
        }
        status = failure == null ? 200 : statusOf(failure);
        if (failure == null) {
            heading = "Nothing went wrong";
            explanation = "There is no failure to report here.";
        } else if (causedBy(failure, ViewExpiredException.class.getName())) {
            heading = "This page has expired";
            explanation = "It was open longer than the server keeps a page, or the server restarted meanwhile. Open it again "
                    + "to go on; what was typed into it was not saved.";
        } else if (StoreFailures.databaseUnreachable(failure)) {
            heading = "The database is not answering";
            explanation = "This page needs PostgreSQL, which did not answer. Nothing was changed. Chat requests with known "
                    + "keys are still answered meanwhile. Try again in a few seconds; the health endpoint shows when it is back.";
        } else if (causedBy(failure, REDIS_FAILURE)) {
            heading = "The counter store is not answering";
            explanation = "This page needs Redis, which did not answer. Try again in a few seconds; the health endpoint "
                    + "shows when it is back.";
        } else {
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "A page failed, incident " + incident, failure);
            heading = "This page could not be shown";
            explanation = "The server failed while showing it. Quote incident " + incident + " to the operator: the "
                    + "server log has the details.";
        }
    }

    /** 503 when a store is not answering (try again shortly), 400 for an expired page (open it again), else 500. */
    static int statusOf(Throwable failure) {
        if (causedBy(failure, ViewExpiredException.class.getName())) {
            return 400;
        }
        return StoreFailures.databaseUnreachable(failure) || causedBy(failure, REDIS_FAILURE) ? 503 : 500;
    }

    /** Sets the response's status before the page is written (the page's preRenderView event). */
    public void respond() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        if (!external.isResponseCommitted()) {
            external.setResponseStatus(status);
        }
    }

    public String getHeading() {
        return heading;
    }

    public String getExplanation() {
        return explanation;
    }

    /** Whether {@code failure} or one of its causes is (a subclass of) the class named {@code type}. */
    private static boolean causedBy(Throwable failure, String type) {
        for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
            for (Class<?> k = c.getClass(); k != null; k = k.getSuperclass()) {
                if (k.getName().equals(type)) {
                    return true;
                }
            }
        }
        return false;
    }
}
