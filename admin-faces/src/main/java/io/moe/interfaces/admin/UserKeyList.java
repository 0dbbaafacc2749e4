package io.moe.interfaces.admin;

import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.ApiKey;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * The keys of the user a page shows, read once per request for the sections that list or name them (keys, usage);
 * a section that creates or revokes one says so, and the next reader reads them again.
 */
@RequestScoped
public class UserKeyList {

    @Inject
    UserAccountPage page;

    @Inject
    UserAdministration users;

    private List<ApiKey> keys;

    public List<ApiKey> get() {
        if (keys == null) {
            keys = users.keys(page.getId());
        }
        return keys;
    }

    public void changed() {
        keys = null;
    }
}
