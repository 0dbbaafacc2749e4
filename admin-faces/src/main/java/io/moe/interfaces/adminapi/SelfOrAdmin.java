package io.moe.interfaces.adminapi;

import jakarta.ws.rs.NameBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a route about one user, named by the path parameter {@code id}, that the user may call for
 * themselves and an admin for anyone; {@link SelfOrAdminFilter} enforces it. A non-admin gets 403
 * for another id before anything is looked up, so ids do not leak.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface SelfOrAdmin {
}
