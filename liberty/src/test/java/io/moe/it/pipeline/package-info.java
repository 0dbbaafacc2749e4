/** Black-box tests of the orchestration pipeline: one test per rule, each scripting the model simulator to force its branch. */
package io.moe.it.pipeline;
