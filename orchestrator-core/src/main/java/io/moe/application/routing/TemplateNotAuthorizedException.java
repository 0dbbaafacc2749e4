package io.moe.application.routing;

import io.moe.application.spend.NotPermittedException;

/** An admin template the caller holds no expert_template grant for. */
public class TemplateNotAuthorizedException extends NotPermittedException {

    public TemplateNotAuthorizedException(String name, String resourceId) {
        super("template_not_authorized", "your account may not use the template '" + name
                + "': it needs the expert_template permission '" + resourceId + "'; ask an admin to grant it");
    }
}
