/**
 * Neo4j adapters: the semantic-cache vector index and the knowledge graph, as parameterised Cypher over
 * Bolt with the official driver. Every Cypher query of the product lives here.
 */
package io.moe.infrastructure.graph;
