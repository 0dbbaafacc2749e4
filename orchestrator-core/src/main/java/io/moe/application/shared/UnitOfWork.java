package io.moe.application.shared;

import jakarta.interceptor.InterceptorBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a service's methods in one database transaction: a method joins its caller's transaction or begins one,
 * commits when it returns and rolls back when it throws anything, so a refused request leaves no row behind.
 *
 * <p>It stands where {@code @Transactional} would, because Liberty files an FFDC incident (a file in the server's
 * {@code logs/ffdc} and an {@code FFDC1015I} line in its log) for every runtime exception that leaves a
 * {@code @Transactional} method: each refused request — a short password, a name that exists already, a template
 * naming an unknown server — read to an operator like a server failure. {@code @Transactional} stays where nothing
 * refuses: the service overview's reads (one of them outside any transaction) and the usage writer's own transaction.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface UnitOfWork {
}
