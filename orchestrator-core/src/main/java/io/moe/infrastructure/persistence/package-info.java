/** Relational persistence: Flyway migrations of the PostgreSQL schema and the JPA repositories over it. */
package io.moe.infrastructure.persistence;
