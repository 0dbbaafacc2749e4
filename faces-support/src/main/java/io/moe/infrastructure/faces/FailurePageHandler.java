package io.moe.infrastructure.faces;

import jakarta.faces.context.ExceptionHandler;
import jakarta.faces.context.ExceptionHandlerFactory;
import jakarta.faces.event.ExceptionQueuedEvent;
import org.primefaces.application.exceptionhandler.PrimeExceptionHandler;

import java.util.Iterator;

/**
 * PrimeFaces' exception handler, which sends a failure inside Faces (an Ajax request's included) to the failure page
 * ({@link PageFailure}) by a redirect, except for a view or resource that does not exist: that stays a 404 (the
 * container's error dispatch shows the same page with that status), not a redirect a probe of page names could tell apart.
 */
final class FailurePageHandler extends PrimeExceptionHandler {

    FailurePageHandler(ExceptionHandler wrapped) {
        super(wrapped);
    }

    @Override
    public void handle() {
        Iterator<ExceptionQueuedEvent> events = getUnhandledExceptionQueuedEvents().iterator();
        if (events.hasNext()
                && PageFailure.Kind.of(events.next().getContext().getException(), null) == PageFailure.Kind.NOT_FOUND) {
            getWrapped().handle();
            return;
        }
        super.handle();
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
