package io.moe.interfaces.admin;

import io.moe.application.identity.GrantableResources;
import io.moe.application.identity.IdentityException;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.Permission;
import io.moe.domain.identity.ResourceType;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.faces.model.SelectItem;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The permissions section of a user's page: the grants, revoking one, and granting with a picker of what
 * each type can name today ({@link GrantableResources}); the picker also takes a typed id, checked by the
 * same rules as the JSON API.
 */
@Named
@PerView
public class UserPermissionsSection implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FIELDS = Map.of("resource_type", "sections:grant:type", "resource_id", "sections:grant:resource");

    @Inject
    UserAccountPage page;

    @Inject
    UserAdministration users;

    @Inject
    GrantableResources grantable;

    private String type = ResourceType.MOE_MODE.wireName();
    private String resource;
    private List<GrantableResources.Choice> choices;

    /** Kept for the view, so that a row's Revoke acts on the grant drawn in that row; read again after this page's own changes. */
    private transient List<Permission> permissions;

    public List<Permission> getPermissions() {
        if (permissions == null) {
            permissions = users.permissions(page.getId());
        }
        return permissions;
    }

    /** The resource types, each in words with its id as the API and SSO grant rules name it: "Expert template (expert_template)". */
    public List<SelectItem> getTypes() {
        return Arrays.stream(ResourceType.values()).map(t -> new SelectItem(t.wireName(), typeInWords(t) + " (" + t.wireName() + ")")).toList();
    }

    /** A resource type as the navigation names what it grants: "Expert template", "Model on a server", … */
    public String typeInWords(ResourceType type) {
        return switch (type) {
            case EXPERT_TEMPLATE -> "Expert template";
            case CC_PROFILE -> "Coding-client profile";
            case MODEL_ENDPOINT -> "Model on a server";
            case SKILL -> "Skill";
            case MCP_TOOL -> "Tool";
            case MOE_MODE -> "Mode";
        };
    }

    public List<GrantableResources.Choice> getChoices() {
        if (choices == null) {
            choices = ResourceType.fromWireName(type).map(grantable::of).orElse(List.of());
        }
        return choices;
    }

    /** The type changed: offer its resources. */
    public void typeChanged() {
        choices = null;
        resource = null;
    }

    public void grant() {
        try {
            Permission granted = users.grant(page.getId(), type, GrantableResources.Choice.idOf(UsersPage.blankToNull(resource)));
            String name = nameOf(granted);
            PageMessages.done("Granted " + granted.resourceType().wireName() + " " + granted.resourceId() + (name.isEmpty() ? "" : " (" + name + ")"));
            resource = null;
            permissions = null;
        } catch (IdentityException e) {
            PageMessages.refused("Not granted", e, FIELDS);
        }
    }

    /** The name of the template or profile a grant names ("" for other grants). */
    public String nameOf(Permission permission) {
        return grantable.nameOf(permission.resourceType(), permission.resourceId());
    }

    public void revoke(Permission permission) {
        try {
            users.revoke(page.getId(), permission.id());
            PageMessages.done("Revoked " + permission.resourceType().wireName() + " " + permission.resourceId());
        } catch (IdentityException e) {
            PageMessages.refused("Not revoked", e, Map.of());
        }
        permissions = null;
    }

    public String getType() {
        return type;
    }

    public void setType(String type) {
        this.type = type;
    }

    public String getResource() {
        return resource;
    }

    public void setResource(String resource) {
        this.resource = resource;
    }
}
