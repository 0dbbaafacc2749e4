/** Rule 15, learning from feedback: model scores, cache and graph flags, planner patterns, error examples. */
package io.moe.application.feedback;
