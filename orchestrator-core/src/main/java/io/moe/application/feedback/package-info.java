/**
 * Rule 15, learning from feedback: a rating updates the model scores ({@code pipeline.experts}), flags
 * cache entries and graph facts, counts planner patterns ({@code pipeline.plan}) and keeps numeric
 * corrections as error examples ({@code pipeline.experts}).
 */
package io.moe.application.feedback;
