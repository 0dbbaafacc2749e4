/** Precision tools (rule 3) within the caller's tool grants, and the symbolic math stage. */
package io.moe.application.pipeline.tools;
