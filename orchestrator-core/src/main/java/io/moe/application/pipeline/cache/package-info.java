/** Rule 1, the semantic cache: hard hits answer at once, soft hits become few-shot examples; the index is a port. */
package io.moe.application.pipeline.cache;
