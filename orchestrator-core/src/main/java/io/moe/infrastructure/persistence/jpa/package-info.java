/**
 * JPA adapters of the repository ports over the one persistence unit {@code moe}: container-managed, so
 * they join the transaction of the application service that calls them and never start one of their own.
 */
package io.moe.infrastructure.persistence.jpa;
