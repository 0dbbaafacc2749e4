package io.moe.domain.identity;

import java.util.Set;

/**
 * What the admin's list of accounts is narrowed to and ordered by. A null or blank text matches every account;
 * a text is taken without its surrounding blanks.
 *
 * @param name      found, ignoring case, in the username or the display name
 * @param email     found, ignoring case, in the e-mail address
 * @param roles     the accounts of these roles; null for any
 * @param active    the active ({@code true}) or blocked ({@code false}) accounts; null for both
 * @param order     the field the accounts are ordered by (then by id, so pages never overlap)
 * @param ascending smallest first
 */
public record UserSearch(String name, String email, Set<Role> roles, Boolean active, Order order, boolean ascending) {

    /** An account's role as the admin application shows it: an admin, else an expert, else a user. */
    public enum Role { ADMIN, EXPERT, USER }

    public enum Order { USERNAME, EMAIL, ROLE, STATE, CREATED }

    /** Every account, newest first. */
    public static final UserSearch NEWEST_FIRST = new UserSearch(null, null, null, null, Order.CREATED, false);

    public UserSearch {
        name = name == null || name.isBlank() ? null : name.strip();
        email = email == null || email.isBlank() ? null : email.strip();
        roles = roles == null ? null : Set.copyOf(roles);
        order = order == null ? Order.CREATED : order;
    }
}
