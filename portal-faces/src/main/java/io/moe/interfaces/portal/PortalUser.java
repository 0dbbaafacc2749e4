package io.moe.interfaces.portal;

import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.UserAccount;
import io.moe.infrastructure.web.BrowserSession;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The signed-in user of this request ({@link PortalPagesFilter} let the request through only for a
 * standing portal session). Every page reads its data through this id only, so no page acts on another
 * user's data.
 */
@Named
@RequestScoped
public class PortalUser {

    @Inject
    UserAdministration users;

    private UserAccount account;

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

    /** The name the pages greet the user with. */
    public String getName() {
        UserAccount a = getAccount();
        return a.displayName() == null || a.displayName().isBlank() ? a.username() : a.displayName();
    }
}
