/**
 * Relational persistence: Flyway migrations of the PostgreSQL schema; the adapters over it are in the
 * sub-packages by technology ({@code jpa}, {@code jdbc}, {@code jta}).
 */
package io.moe.infrastructure.persistence;
