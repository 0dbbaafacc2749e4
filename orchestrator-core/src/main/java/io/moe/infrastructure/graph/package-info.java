/** Neo4j adapter: parameterised Cypher over Bolt with the official driver. */
package io.moe.infrastructure.graph;
