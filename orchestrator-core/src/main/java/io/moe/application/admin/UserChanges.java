package io.moe.application.admin;

import io.moe.application.identity.UserAdministration;
import io.moe.application.profile.ProfileAdministration;
import io.moe.application.shared.UnitOfWork;
import io.moe.application.template.TemplateAdministration;
import io.moe.domain.identity.UserAccount;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.OffsetDateTime;

/**
 * The admin API's changes of a user that touch several services, each as one transaction: a new account with its
 * role, a key with its profile and template bindings, an account with its role and default bindings. A refusal or
 * failure half-way leaves nothing written (an account without the role asked for, a key the caller never saw, an
 * account half changed).
 */
@ApplicationScoped
@UnitOfWork
public class UserChanges {

    @Inject
    UserAdministration users;

    @Inject
    ProfileAdministration profiles;

    @Inject
    TemplateAdministration templates;

    /** A new account, with the role expert when {@code expert}. */
    public UserAccount create(String username, String email, String password, String displayName, boolean admin, boolean expert) {
        UserAccount user = users.create(username, email, password, displayName, admin);
        return expert ? users.setExpert(user.id(), true) : user;
    }

    /** A new key of {@code userId}, bound to the profile and template given (null: none). */
    public UserAdministration.CreatedKey createKey(String userId, String label, OffsetDateTime expiresAt, String profileId,
                                                  String templateId) {
        profiles.requireExisting(profileId, "cc_profile_id");
        templates.requireExisting(templateId, "template_id");
        UserAdministration.CreatedKey created = users.createKey(userId, label, expiresAt);
        if (profileId != null) {
            profiles.bindKey(created.key().id(), profileId);
        }
        if (templateId != null) {
            templates.bindKey(created.key().id(), templateId);
        }
        return created;
    }

    /** What {@code PUT /api/users/{id}} changes; a null value is left as it is. */
    public record AccountChange(String email, String password, String displayName, Boolean admin, Boolean active, Boolean expert,
                                boolean setsDefaultProfile, String defaultProfileId, boolean setsDefaultTemplate,
                                String defaultTemplateId) {
    }

    /** Changes the account, its role expert and its default bindings together. */
    public UserAccount update(String id, AccountChange change) {
        profiles.requireExisting(change.defaultProfileId(), "default_cc_profile_id");
        templates.requireExisting(change.defaultTemplateId(), "default_template_id");
        UserAccount user = users.update(id, change.email(), change.password(), change.displayName(), change.admin(), change.active());
        if (change.expert() != null) {
            user = users.setExpert(id, change.expert());
        }
        if (change.setsDefaultProfile()) {
            profiles.bindUserDefault(id, change.defaultProfileId());
        }
        if (change.setsDefaultTemplate()) {
            templates.bindUser(id, change.defaultTemplateId());
        }
        return user;
    }
}
