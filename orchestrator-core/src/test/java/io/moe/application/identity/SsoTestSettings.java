package io.moe.application.identity;

import io.moe.infrastructure.oidc.OidcSettings;

/** Single sign-on settings without configuration: no default grants, the given group grants, admin group moe-admins. */
final class SsoTestSettings {

    private SsoTestSettings() {
    }

    static OidcSettings withGroupGrants(String groupGrants) {
        return new OidcSettings() {
            @Override
            public String getUserGrants() {
                return "";
            }

            @Override
            public String getGroupGrants() {
                return groupGrants;
            }

            @Override
            public String getAdminGroup() {
                return "moe-admins";
            }
        };
    }
}
