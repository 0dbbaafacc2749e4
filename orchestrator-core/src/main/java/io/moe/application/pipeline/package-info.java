/**
 * The orchestration pipeline, one small stage per rule of the spec. {@code ChatService} composes them
 * in the spec's order; {@link io.moe.application.pipeline.PipelineRun} carries one request through.
 */
package io.moe.application.pipeline;
