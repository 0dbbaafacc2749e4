/**
 * Inference servers as the operator manages them at run time: the registry port, validation, the seed from
 * the environment, the snapshot model calls read, and the periodic model discovery and health probe.
 */
package io.moe.application.servers;
