package io.moe.domain.identity;

import java.util.List;

/**
 * Who an OpenID provider says is calling: from a sign-in's ID token or from a bearer access token.
 *
 * @param issuer   the provider's issuer URL
 * @param subject  the provider's stable id of the person or client ({@code sub})
 * @param username the name the provider suggests ({@code preferred_username}, else the subject)
 * @param email    the e-mail claim, or null
 * @param groups   the values of the configured groups claim
 */
public record SsoIdentity(String issuer, String subject, String username, String email, List<String> groups) {

    public SsoIdentity {
        groups = List.copyOf(groups);
    }

    /** The link stored on the local account: issuer and subject together are unique and never change. */
    public String link() {
        return issuer + " " + subject;
    }

    public boolean inGroup(String group) {
        return groups.contains(group);
    }
}
