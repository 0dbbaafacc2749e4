package io.moe.infrastructure.faces;

import io.moe.domain.shared.Refusal;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;

import java.util.Map;

/**
 * How the pages tell a person what happened: a success goes to the growl; a refusal of an application
 * service goes next to the field it names (the service's own message, the same as the JSON API's), or to
 * the growl when it names no field on the form. A refusal also marks the request as failed, so dialogs stay
 * open for a correction.
 */
public final class PageMessages {

    private PageMessages() {
    }

    public static void done(String summary) {
        FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(FacesMessage.SEVERITY_INFO, summary, null));
    }

    /** Something was done, but not all of it: {@code summary} says what, {@code detail} what is left to the person. */
    public static void warning(String summary, String detail) {
        FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(FacesMessage.SEVERITY_WARN, summary, detail));
    }

    /**
     * Shows {@code refusal} at the component that {@code fields} names for its field (field name → client id; an
     * entry of a list, {@code models[2]}, at the list's), else in the growl, headed by {@code what} (e.g. "User not created").
     */
    public static void refused(String what, Refusal refusal, Map<String, String> fields) {
        FacesContext faces = FacesContext.getCurrentInstance();
        String clientId = refusal.field() == null ? null : fields.get(refusal.field());
        if (clientId == null && refusal.field() != null && refusal.field().contains("[")) {
            // one entry of a list field ("accepted_models[2]") is shown at the list's field
            clientId = fields.get(refusal.field().substring(0, refusal.field().indexOf('[')));
        }
        if (clientId != null) {
            faces.addMessage(clientId, new FacesMessage(FacesMessage.SEVERITY_ERROR, refusal.getMessage(), null));
            faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, what, "See the marked field."));
        } else {
            faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, what, refusal.getMessage()));
        }
        faces.validationFailed();
    }
}
