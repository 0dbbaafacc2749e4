package io.moe.interfaces.portal;

import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.UserAccount;
import io.moe.infrastructure.web.BrowserSession;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The signed-in user of this request ({@link PortalPagesFilter} let the request through only for a
 * standing portal session). Every page reads its data through this id only, so no page acts on another
 * user's data.
 */
@Named
@RequestScoped
public class PortalUser {

    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd");
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    @Inject
    UserAdministration users;

    @Inject
    KeyAuthenticator callers;

    private UserAccount account;
    private Caller caller;

    public String id() {
        HttpServletRequest request = (HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest();
        return BrowserSession.PORTAL.userId(request).orElseThrow(() -> new IllegalStateException("no portal session"));
    }

    public UserAccount getAccount() {
        if (account == null) {
            account = users.user(id());
        }
        return account;
    }

    /** Reads the account again when next asked (it was just changed, e.g. its name on the profile page). */
    public void reread() {
        account = null;
    }

    /** The signed-in user as the application services know callers: with the grants of the account. */
    public Caller caller() {
        if (caller == null) {
            caller = callers.forUser(id()).orElseThrow(() -> new IllegalStateException("the portal user is not active"));
        }
        return caller;
    }

    /** The user's time zone (UTC when the stored one is unknown here). */
    public ZoneId zone() {
        try {
            return ZoneId.of(getAccount().timeZone());
        } catch (java.time.DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    /** The zone the pages' times are in, as the column headers name it: {@code UTC} or e.g. {@code Europe/Berlin}. */
    public String getZoneName() {
        ZoneId zone = zone();
        return zone.equals(ZoneOffset.UTC) || zone.getId().equals("Etc/UTC") ? "UTC" : zone.getId();
    }

    /** A time in the user's time zone, to the minute; empty for none. */
    public String time(OffsetDateTime time) {
        return time == null ? "" : MINUTES.format(time.atZoneSameInstant(zone()));
    }

    /** The day of a time in the user's time zone; empty for none. */
    public String day(OffsetDateTime time) {
        return time == null ? "" : DAY.format(time.atZoneSameInstant(zone()));
    }

    /** The time of day of a time in the user's time zone, to the second; empty for none. */
    public String timeOfDay(OffsetDateTime time) {
        return time == null ? "" : CLOCK.format(time.atZoneSameInstant(zone()));
    }

    /** The name the pages greet the user with. */
    public String getName() {
        UserAccount a = getAccount();
        return a.displayName() == null || a.displayName().isBlank() ? a.username() : a.displayName();
    }
}
