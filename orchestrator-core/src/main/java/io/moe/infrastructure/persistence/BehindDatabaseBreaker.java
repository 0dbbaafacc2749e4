package io.moe.infrastructure.persistence;

import jakarta.interceptor.InterceptorBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A PostgreSQL adapter whose calls go through the database's circuit breaker ({@link DatabaseBreaker}): refused at once
 * while it is open. Put on the adapters requests and administrative writes use; not on the background writers of usage
 * rows, which wait and retry on their own.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface BehindDatabaseBreaker {
}
