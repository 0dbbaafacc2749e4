/**
 * From findings to one answer: the thinking step (rule 6), the merger (rule 7) with its source priority,
 * the critic (rule 8), the agentic gap check and re-planning (rule 9), and the mode's output form.
 */
package io.moe.application.pipeline.merge;
