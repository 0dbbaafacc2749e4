package io.moe.domain.template;

import java.util.Map;

/** Port: which template a key, and which default template a user, is bound to (by template id). */
public interface TemplateBindings {

    /** Every key bound to a template: key id → template id. */
    Map<String, String> keys();

    /** Every user with a default template: user id → template id. */
    Map<String, String> users();

    /** Binds the key to the template ({@code null} unbinds); false when no such key exists. */
    boolean bindKey(String keyId, String templateId);

    /** Sets the user's default template ({@code null} unsets); false when no such user exists. */
    boolean bindUser(String userId, String templateId);
}
