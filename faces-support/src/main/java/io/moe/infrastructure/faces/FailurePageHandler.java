package io.moe.infrastructure.faces;

import jakarta.faces.context.ExceptionHandler;
import jakarta.faces.context.ExceptionHandlerFactory;
import jakarta.faces.event.ExceptionQueuedEvent;
import org.primefaces.application.exceptionhandler.PrimeExceptionHandler;

import java.io.FileNotFoundException;
import java.util.Iterator;

/**
 * PrimeFaces' exception handler, which sends a failure inside Faces (an Ajax request's included) to the failure page
 * ({@link PageFailure}), except for a view or resource that does not exist: Faces answers that with 404 as before,
 * instead of a redirect to a failure page (a probe of page names learns nothing either way).
 */
final class FailurePageHandler extends PrimeExceptionHandler {

    FailurePageHandler(ExceptionHandler wrapped) {
        super(wrapped);
    }

    @Override
    public void handle() {
        Iterator<ExceptionQueuedEvent> events = getUnhandledExceptionQueuedEvents().iterator();
        if (events.hasNext() && missing(events.next().getContext().getException())) {
            getWrapped().handle();
            return;
        }
        super.handle();
    }

    private static boolean missing(Throwable failure) {
        for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof FileNotFoundException) {
                return true;
            }
        }
        return false;
    }

    /** Installs the handler (faces-support's faces-config.xml). */
    public static final class Factory extends ExceptionHandlerFactory {

        public Factory(ExceptionHandlerFactory wrapped) {
            super(wrapped);
        }

        @Override
        public ExceptionHandler getExceptionHandler() {
            return new FailurePageHandler(getWrapped().getExceptionHandler());
        }
    }
}
