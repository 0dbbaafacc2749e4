package io.moe.infrastructure.faces;

import jakarta.faces.context.FacesContext;

import java.io.Serializable;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The state a request-scoped backing bean keeps for as long as its view lives, in the view's own map — what
 * {@link PerView} gives the admin application. The portal cannot use Faces' view scope: the server registers the
 * view-scope context of one bundled Faces implementation per application, so a second Faces WAR in the EAR that
 * used it would take it from the first. The view map is plain Faces and belongs to each WAR's own views.
 */
public final class ViewState {

    private ViewState() {
    }

    /** The state of type {@code type} of the current view, created by {@code create} on first use. */
    @SuppressWarnings("unchecked")
    public static <T extends Serializable> T of(Class<T> type, Supplier<T> create) {
        Map<String, Object> map = FacesContext.getCurrentInstance().getViewRoot().getViewMap();
        return (T) map.computeIfAbsent(type.getName(), k -> create.get());
    }
}
