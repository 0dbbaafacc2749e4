/** Knowledge-graph context for the merger (rule 3), cached per query, and the ontology gaps it reveals. */
package io.moe.application.pipeline.graph;
