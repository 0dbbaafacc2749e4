package io.moe.interfaces.openai;

import jakarta.ws.rs.NameBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares routes for admin keys only; {@link AdminOnlyFilter} answers anyone else 403. Used together
 * with {@link KeyRequired}, which authenticates the key first.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AdminOnly {
}
