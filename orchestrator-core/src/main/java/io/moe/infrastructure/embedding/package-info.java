/** In-process sentence embeddings for the semantic cache (all-MiniLM-L6-v2, quantized, ONNX). */
package io.moe.infrastructure.embedding;
