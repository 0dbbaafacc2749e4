package io.moe.interfaces.portal;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.OwnKeys;
import io.moe.application.identity.UserAdministration;
import io.moe.application.profile.UserProfiles;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.ViewState;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /user/keys}: the user's keys with prefix, label, own profile, use and expiry; a new key
 * with label, an optional last day (valid through its end in UTC) and optionally one of the user's own
 * coding-client profiles; revoking one (after a confirmation). The raw key of a new key is shown once, until the
 * user dismisses it or does anything else here; it is never logged.
 */
@Named("portalKeys")
@RequestScoped
public class KeysPage {

    private static final Map<String, String> FIELDS = Map.of("label", "new-key:label", "expires_at", "new-key:expires",
            "cc_profile_id", "new-key:profile");

    @Inject
    PortalUser user;

    @Inject
    OwnKeys keys;

    @Inject
    UserProfiles profiles;

    /** What the page keeps while it is shown: the form's fields and the raw key of the key just created. */
    static final class State implements Serializable {
        private static final long serialVersionUID = 1L;
        String label;
        LocalDate lastDay;
        String profileId;
        transient String rawKey;
    }

    private State state() {
        return ViewState.of(State.class, State::new);
    }

    private List<OwnKeys.OwnKey> keyList;
    private List<UserProfileRecord> profileList;

    /** The user's keys, read once per request (the table asks several times while it renders). */
    public List<OwnKeys.OwnKey> getKeys() {
        if (keyList == null) {
            keyList = new ArrayList<>(keys.list(user.caller())); // the table sorts it in place
        }
        return keyList;
    }

    /** The user's own active profiles a key may be bound to (none without the role expert). */
    public List<UserProfileRecord> getProfiles() {
        if (profileList == null) {
            profileList = !user.getAccount().mayAuthorTemplates() ? List.of()
                    : profiles.ownedBy(user.id()).stream().filter(UserProfileRecord::isActive).toList();
        }
        return profileList;
    }

    public void create() {
        State s = state();
        s.rawKey = null;
        try {
            var expires = s.lastDay == null ? null : UserAdministration.endOfDay(s.lastDay).minusSeconds(1);
            UserAdministration.CreatedKey created = keys.create(user.caller(), s.label == null || s.label.isBlank() ? null : s.label.strip(),
                    expires, s.profileId);
            s.rawKey = created.rawKey();
            PageMessages.done("Key " + created.key().keyPrefix() + "… created: copy it now, it is shown only once");
            keyList = null;
            s.label = null;
            s.lastDay = null;
            s.profileId = null;
        } catch (Refusal e) {
            PageMessages.refused("Key not created", e, FIELDS);
        }
    }

    /**
     * Revokes the key whose row's button was pressed, by the id the button sent: the list is read again for the click, and
     * creating a key may have removed an old one meanwhile, moving every row below it up one.
     */
    public void revoke() {
        state().rawKey = null;
        String id = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("key");
        try {
            ApiKey key = keys.revoke(user.caller(), id == null ? "" : id);
            PageMessages.done("Key " + key.keyPrefix() + "… revoked: it is refused from the next request");
            keyList = null;
        } catch (IdentityException e) {
            PageMessages.refused("Not revoked", e, Map.of());
        }
    }

    public void dismiss() {
        state().rawKey = null;
    }

    /** active, revoked or expired. */
    public String stateOf(ApiKey key) {
        if (!key.isActive()) {
            return "revoked";
        }
        return key.expiresAt() != null && !key.expiresAt().isAfter(Ids.nowUtc()) ? "expired" : "active";
    }

    public String getRawKey() {
        return state().rawKey;
    }

    public String getLabel() {
        return state().label;
    }

    public void setLabel(String label) {
        state().label = label;
    }

    public LocalDate getLastDay() {
        return state().lastDay;
    }

    public void setLastDay(LocalDate lastDay) {
        state().lastDay = lastDay;
    }

    public String getProfileId() {
        return state().profileId;
    }

    public void setProfileId(String profileId) {
        state().profileId = profileId;
    }

    /** The earliest last day a new key may have: today (UTC), a key then works until the day's end. */
    public LocalDate getToday() {
        return LocalDate.now(ZoneOffset.UTC);
    }
}
