/**
 * Black-box tests of the bounds on one request and on one user: body, nesting, message and token limits,
 * billing of failed and cancelled work, per-user fairness, and tool grants inside the pipeline.
 */
package io.moe.it.limits;
