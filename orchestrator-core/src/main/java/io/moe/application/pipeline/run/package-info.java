/**
 * The state of one request on its way through the pipeline ({@code PipelineRun}) in explicit parts:
 * the question, the findings, the verdict, and the accounting (model-call ledger, cancellation, progress).
 * {@code PipelineRun}'s Javadoc holds the one threading rule every stage follows.
 */
package io.moe.application.pipeline.run;
