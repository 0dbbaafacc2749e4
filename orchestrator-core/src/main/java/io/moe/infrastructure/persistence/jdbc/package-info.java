/** Plain JDBC adapters over the {@code jdbc/moe} data source, for small tables that need no entity. */
package io.moe.infrastructure.persistence.jdbc;
