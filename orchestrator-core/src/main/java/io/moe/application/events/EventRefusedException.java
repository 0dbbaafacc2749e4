package io.moe.application.events;

/**
 * The broker refused an event for what it is (too large for the broker's record size), not for being away: sending it
 * again would fail the same way, so it is dropped with a warning instead of being kept to hold up the events behind it.
 */
public class EventRefusedException extends RuntimeException {

    public EventRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
