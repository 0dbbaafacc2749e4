package io.moe.infrastructure.oidc;

import io.moe.domain.identity.SsoIdentity;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OidcSettingsTest {

    private static OidcSettings settings(String issuer) {
        OidcSettings settings = new OidcSettings();
        settings.issuer = Optional.ofNullable(issuer);
        settings.clientId = "moe-admin";
        settings.groupsClaim = "roles";
        settings.adminGroup = "moe-admins";
        settings.audience = Optional.empty();
        settings.scopes = " openid  profile groups ";
        return settings;
    }

    @Test
    void readsSubjectNameEmailAndTheConfiguredGroupsClaim() {
        SsoIdentity identity = settings("https://idp.example.org").identity(Map.<String, Object>of("sub", "u-1",
                "preferred_username", "alice", "email", "alice@example.org", "roles", List.of("staff", "moe-admins"))::get);
        assertEquals("u-1", identity.subject());
        assertEquals("alice", identity.username());
        assertTrue(identity.inGroup("moe-admins"));
        assertEquals("https://idp.example.org u-1", identity.link(), "linked by issuer and subject");
    }

    @Test
    void anAddressTheProviderHasNotVerifiedIsNotTaken() {
        OidcSettings settings = settings("https://idp.example.org");
        assertNull(settings.identity(Map.<String, Object>of("sub", "u-1", "email", "ceo@corp.example", "email_verified", false)::get).email(),
                "anyone may have typed it at the provider");
        assertEquals("ceo@corp.example", settings.identity(Map.<String, Object>of("sub", "u-1", "email", "ceo@corp.example",
                "email_verified", true)::get).email());
        assertEquals("ceo@corp.example", settings.identity(Map.<String, Object>of("sub", "u-1", "email", "ceo@corp.example")::get).email(),
                "a provider that does not say is taken at its word");
    }

    @Test
    void aSingleGroupStringAndAMissingNameAreUnderstood() {
        SsoIdentity identity = settings("https://idp.example.org").identity(Map.<String, Object>of("sub", "svc", "roles", "moe-admins")::get);
        assertEquals("svc", identity.username(), "without preferred_username the subject names the account");
        assertNull(identity.email());
        assertEquals(List.of("moe-admins"), identity.groups());
    }

    @Test
    void singleSignOnIsOffWithoutAnIssuerAndTheAudienceDefaultsToTheClient() {
        assertFalse(settings(null).isConfigured());
        assertFalse(settings("  ").isConfigured());
        assertTrue(settings("https://idp.example.org").isConfigured());
        assertEquals("moe-admin", settings(null).audience());
        assertEquals(List.of("openid", "profile", "groups"), List.of(settings(null).getScopeList()));
    }
}
