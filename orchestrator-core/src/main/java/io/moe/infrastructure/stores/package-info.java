/**
 * CDI producers that build the store adapters from the {@code moe.*} configuration, and the outage breaker
 * ({@link io.moe.infrastructure.stores.Outage}) the clients of Neo4j, the tool server and the search engine share.
 */
package io.moe.infrastructure.stores;
