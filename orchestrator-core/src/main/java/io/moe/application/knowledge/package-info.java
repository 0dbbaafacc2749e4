/**
 * The knowledge graph as a product: its statistics, semantic search over entities and facts, and knowledge
 * bundles (JSON-LD export with scrubbing, import and dry-run validation). Storage is behind {@link
 * io.moe.application.knowledge.KnowledgeStore}.
 */
package io.moe.application.knowledge;
