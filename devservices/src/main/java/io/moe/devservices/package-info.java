/**
 * The store launcher: starts real PostgreSQL, Redis, Kafka and Neo4j servers and the model simulator
 * for the stores that are not configured, writes their URLs to an env file, and stops what it started.
 * {@link io.moe.devservices.TestStores} gives the same servers to adapter tests.
 */
package io.moe.devservices;
