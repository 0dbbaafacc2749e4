/**
 * Before planning: skills rewrite a {@code /skill-name} question (rule 13) and the housekeeping requests
 * of chat front-ends get one small model call instead of the pipeline (rule 12).
 */
package io.moe.application.pipeline.intake;
