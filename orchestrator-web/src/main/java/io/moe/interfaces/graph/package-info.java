/** The knowledge-graph routes of the orchestrator (/graph/*): statistics, search, bundle export and import. */
package io.moe.interfaces.graph;
