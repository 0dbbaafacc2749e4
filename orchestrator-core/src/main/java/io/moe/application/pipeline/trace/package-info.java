/**
 * The provenance trace of a run as typed records: what each stage decided, rendered to the JSON of
 * {@code GET /v1/responses/{id}/trace} in one place ({@code PipelineTrace.toJson}), and the response record
 * that the after-answer work stores and feedback reads back.
 */
package io.moe.application.pipeline.trace;
