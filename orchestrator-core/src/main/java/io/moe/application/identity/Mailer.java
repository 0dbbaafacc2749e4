package io.moe.application.identity;

/** Port: sends a plain-text e-mail, when an outgoing mail server is configured. */
public interface Mailer {

    /** Whether mail can be sent at all (an SMTP server is configured). */
    boolean isConfigured();

    /** Sends at once; throws when the server refuses or cannot be reached within its time limit. */
    void send(String to, String subject, String text);
}
