package io.moe.infrastructure.mail;

import io.moe.application.identity.Mailer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.mail.Authenticator;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Optional;
import java.util.Properties;

/**
 * Sends mail through the SMTP server at {@code moe.smtp.host}:{@code moe.smtp.port} (none configured: no mail),
 * as {@code moe.smtp.from}, with optional user and password and STARTTLS ({@code moe.smtp.starttls}); connecting,
 * reading and writing each give up after {@code moe.smtp.timeout-ms}. Passwords are never logged.
 */
@ApplicationScoped
public class SmtpMailer implements Mailer {

    @Inject
    @ConfigProperty(name = "moe.smtp.host")
    Optional<String> host;

    @Inject
    @ConfigProperty(name = "moe.smtp.port", defaultValue = "25")
    int port;

    @Inject
    @ConfigProperty(name = "moe.smtp.username")
    Optional<String> username;

    @Inject
    @ConfigProperty(name = "moe.smtp.password")
    Optional<String> password;

    @Inject
    @ConfigProperty(name = "moe.smtp.from", defaultValue = "moe-orchestrator@localhost")
    String from;

    @Inject
    @ConfigProperty(name = "moe.smtp.starttls", defaultValue = "false")
    boolean startTls;

    @Inject
    @ConfigProperty(name = "moe.smtp.timeout-ms", defaultValue = "5000")
    int timeoutMillis;

    @Override
    public boolean isConfigured() {
        return host.filter(h -> !h.isBlank()).isPresent();
    }

    @Override
    public void send(String to, String subject, String text) {
        if (!isConfigured()) {
            throw new IllegalStateException("no SMTP server is configured (MOE_SMTP_HOST)");
        }
        try {
            MimeMessage message = new MimeMessage(session());
            message.setFrom(new InternetAddress(from));
            message.setRecipients(Message.RecipientType.TO, InternetAddress.parse(to, true));
            message.setSubject(subject, StandardCharsets.UTF_8.name());
            message.setText(text, StandardCharsets.UTF_8.name());
            message.setSentDate(new Date());
            Transport.send(message);
        } catch (MessagingException e) {
            throw new IllegalStateException("the mail to " + to + " was not sent: " + e.getMessage(), e);
        }
    }

    private Session session() {
        Properties p = new Properties();
        p.put("mail.smtp.host", host.orElseThrow().strip());
        p.put("mail.smtp.port", Integer.toString(port));
        p.put("mail.smtp.connectiontimeout", Integer.toString(timeoutMillis));
        p.put("mail.smtp.timeout", Integer.toString(timeoutMillis));
        p.put("mail.smtp.writetimeout", Integer.toString(timeoutMillis));
        p.put("mail.smtp.starttls.enable", Boolean.toString(startTls));
        p.put("mail.smtp.starttls.required", Boolean.toString(startTls));
        boolean auth = username.filter(u -> !u.isBlank()).isPresent();
        p.put("mail.smtp.auth", Boolean.toString(auth));
        if (!auth) {
            return Session.getInstance(p);
        }
        return Session.getInstance(p, new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                return new PasswordAuthentication(username.get(), password.orElse(""));
            }
        });
    }
}
