package io.moe.interfaces.admin;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.shared.Ids;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * The keys section of a user's page: the keys with prefix, label, use and expiry; a new key with label and
 * an optional last day (it expires at the end of that UTC day); revoking one. The raw key of a new key is
 * shown once, until the admin dismisses it or does anything else here; it is never logged.
 */
@Named
@PerView
public class UserKeysSection implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FIELDS = Map.of("label", "sections:new-key:label", "expires_at", "sections:new-key:expires");

    @Inject
    UserAccountPage page;

    @Inject
    UserAdministration users;

    @Inject
    UserKeyList keys;

    private String label;
    private LocalDate lastDay;
    private transient String rawKey;

    public List<ApiKey> getKeys() {
        return keys.get();
    }

    public void create() {
        rawKey = null;
        try {
            var expires = lastDay == null ? null : UserAdministration.endOfDay(lastDay);
            UserAdministration.CreatedKey created = users.createKey(page.getId(), UsersPage.blankToNull(label), expires);
            keys.changed();
            rawKey = created.rawKey();
            PageMessages.done("Key " + created.key().keyPrefix() + "… created: copy it now, it is shown only once");
            label = null;
            lastDay = null;
        } catch (IdentityException e) {
            PageMessages.refused("Key not created", e, FIELDS);
        }
    }

    /** Revokes the key whose id the row's button sent: the row it was drawn for, whatever the list reads now. */
    public void revoke() {
        rawKey = null;
        String id = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("key");
        try {
            ApiKey key = users.revokeKey(page.getId(), id == null ? "" : id);
            keys.changed();
            PageMessages.done("Key " + key.keyPrefix() + "… revoked: it is refused from the next request");
        } catch (IdentityException e) {
            PageMessages.refused("Not revoked", e, Map.of());
        }
    }

    public void dismiss() {
        rawKey = null;
    }

    /** active, revoked or expired. */
    public String stateOf(ApiKey key) {
        if (!key.isActive()) {
            return "revoked";
        }
        return key.expiresAt() != null && !key.expiresAt().isAfter(Ids.nowUtc()) ? "expired" : "active";
    }

    public String getRawKey() {
        return rawKey;
    }

    public String getLabel() {
        return label;
    }

    public void setLabel(String label) {
        this.label = label;
    }

    public LocalDate getLastDay() {
        return lastDay;
    }

    public void setLastDay(LocalDate lastDay) {
        this.lastDay = lastDay;
    }

    public LocalDate getTomorrow() {
        return LocalDate.now(ZoneOffset.UTC).plusDays(1);
    }
}
