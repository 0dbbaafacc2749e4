/**
 * Cleanup jobs: what each removes (through a port of the store that holds it), their schedules and run history,
 * and the one-node scheduler on the container's managed scheduled executor.
 */
package io.moe.application.cleanup;
