package io.moe.infrastructure.faces;

import jakarta.enterprise.inject.Stereotype;
import jakarta.faces.view.ViewScoped;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A backing bean that lives as long as its view (Faces' {@link ViewScoped}). A stereotype, because the
 * server's annotated bean discovery does not count the scope of the Faces implementation bundled in this
 * WAR as bean-defining; a stereotype always is. Only the admin application uses it: the server keeps the view
 * scope of one bundled Faces per application, so the portal keeps its view state with {@link ViewState}.
 */
@Stereotype
@ViewScoped
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface PerView {
}
