/**
 * The orchestration pipeline, one small stage per rule of the spec. {@code io.moe.application.chat.ChatService}
 * composes them in the spec's order; where each rule lives:
 * <ul>
 *   <li>rules 12, 13 (front-end tasks, skills): {@code intake};</li>
 *   <li>rule 1 (semantic cache): {@code cache};</li>
 *   <li>rule 2 (planner): {@code plan};</li>
 *   <li>rules 3, 4 (the parallel stage): {@link io.moe.application.pipeline.ParallelStage} here, with
 *       {@code experts}, {@code research}, {@code tools} and {@code graph};</li>
 *   <li>rule 5 (research fallback): {@code research};</li>
 *   <li>rules 6 to 9 (thinking, merger, critic, agentic rounds): {@code merge};</li>
 *   <li>rules 10, 11 (after the answer): {@code after};</li>
 *   <li>the state of one request: {@code run}; its provenance trace: {@code trace}; every model call: {@code models}.</li>
 * </ul>
 */
package io.moe.application.pipeline;
