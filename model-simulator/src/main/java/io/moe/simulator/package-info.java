/**
 * The model simulator: an OpenAI-compatible chat server and a SearXNG-compatible search engine that
 * answer deterministically by role, can be scripted per test over {@code /_sim/rules}, record every
 * call at {@code /_sim/calls}, and inject the faults real inference servers show.
 */
package io.moe.simulator;
