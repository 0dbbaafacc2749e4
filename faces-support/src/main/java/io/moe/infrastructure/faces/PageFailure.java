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

import java.io.FileNotFoundException;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the failure page ({@code /failure.xhtml}) tells a person whose page could not be shown. The failure comes from a
 * page filter ({@link FailurePage}), from the container's error dispatch (anything else that failed outside Faces), or
 * from PrimeFaces' exception handler (a failure inside Faces: it redirects here with the failure kept in the session,
 * removed once shown). A store that is not answering is said as such, with status 503, so the person knows to try
 * again shortly; a page that does not exist gets 404 (Liberty's own page would show a stack trace and the server's file
 * paths); anything else gets an incident number to quote, its details go to the server log only (status 500).
 */
@Named
@RequestScoped
public class PageFailure {

    private static final Logger LOG = Logger.getLogger(PageFailure.class.getName());

    /** What went wrong, as the page says it, with the status it answers with. */
    enum Kind {
        NONE(200, "Nothing went wrong", "There is no failure to report here."),
        NOT_FOUND(404, "Page not found", "There is no page at this address. Start again from the start page."),
        EXPIRED(400, "This page has expired", "It was open longer than the server keeps a page, or the server restarted "
                + "meanwhile. Open it again to go on; what was typed into it was not saved."),
        DATABASE(503, "The database is not answering", "This page needs PostgreSQL, which did not answer. Nothing was "
                + "changed. Chat requests with known keys are still answered meanwhile. Try again in a few seconds; the "
                + "health endpoint shows when it is back."),
        COUNTERS(503, "The counter store is not answering", "This page needs Redis, which did not answer. Try again in a "
                + "few seconds; the health endpoint shows when it is back."),
        GRAPH(503, "The knowledge graph is not answering", "This page needs Neo4j, which did not answer. Nothing was "
                + "changed. Chat requests are still answered meanwhile, without the semantic cache and the graph. Try "
                + "again in a few seconds; the health endpoint shows when it is back."),
        REFUSED(400, "A value was not accepted", "The database refused a value of this form: it is too long, out of "
                + "range, or holds a character it does not store (such as a NUL). Nothing was changed. Go back, correct it "
                + "and send the form again."),
        DUPLICATE(409, "Written at the same moment", "Someone saved an entry of the same name at the same moment. Nothing "
                + "was changed. Go back, reload the page and try again (with another name if it is taken now)."),
        SERVICE(503, "A service is not answering", "This page needs a service that failed repeatedly (the knowledge "
                + "graph, the tool server or the search engine), so it is not asked for a few seconds. Nothing was "
                + "changed. Try again shortly."),
        FAILED(500, "This page could not be shown", "The server failed while showing it. Quote incident %s to the "
                + "operator: the server log has the details.");

        final int status;
        final String heading;
        final String explanation;

        Kind(int status, String heading, String explanation) {
            this.status = status;
            this.heading = heading;
            this.explanation = explanation;
        }

        /** The kind of {@code failure} (null: none), or of a bare 404 of the container ({@code status}). */
        static Kind of(Throwable failure, Object status) {
            if (Integer.valueOf(404).equals(status) || StoreFailures.causedBy(failure, FileNotFoundException.class)) {
                return NOT_FOUND;
            }
            if (failure == null) {
                return NONE;
            }
            if (StoreFailures.causedBy(failure, ViewExpiredException.class)) {
                return EXPIRED;
            }
            if (StoreFailures.databaseUnreachable(failure)) {
                return DATABASE;
            }
            if (StoreFailures.graphUnreachable(failure)) {
                return GRAPH;
            }
            if (StoreFailures.breakerOpen(failure)) {
                return SERVICE;
            }
            if (StoreFailures.valueRefused(failure)) {
                return REFUSED;
            }
            if (StoreFailures.duplicateKey(failure)) {
                return DUPLICATE;
            }
            return StoreFailures.countersUnreachable(failure) ? COUNTERS : FAILED;
        }
    }

    private Kind kind;
    private String explanation;

    @PostConstruct
    void read() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        Throwable failure = external.getRequestMap().get(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable t ? t : null;
        if (failure == null && external.getSession(false) != null
                && external.getSessionMap().remove(ExceptionInfo.ATTRIBUTE_NAME) instanceof ExceptionInfo info) {
            failure = info.getException();
        }
        kind = Kind.of(failure, external.getRequestMap().get(RequestDispatcher.ERROR_STATUS_CODE));
        explanation = kind.explanation;
        if (kind == Kind.FAILED) {
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "A page failed, incident " + incident, failure);
            explanation = String.format(kind.explanation, incident);
        }
    }

    /** The status a request that failed with {@code failure} is answered with. */
    static int statusOf(Throwable failure) {
        return Kind.of(failure, null).status;
    }

    /** Sets the response's status before the page is written (the page's preRenderView event). */
    public void respond() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        if (!external.isResponseCommitted()) {
            external.setResponseStatus(kind.status);
        }
    }

    public String getHeading() {
        return kind.heading;
    }

    public String getExplanation() {
        return explanation;
    }
}
