package io.moe.interfaces.admin;

import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.UserAccount;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.util.List;

/** Backing bean of the users page: the accounts with their state (changes go through the JSON API). */
@Named
@RequestScoped
public class UsersPage {

    @Inject
    UserAdministration users;

    private List<UserAccount> all;

    public List<UserAccount> getUsers() {
        if (all == null) {
            all = users.users();
        }
        return all;
    }
}
