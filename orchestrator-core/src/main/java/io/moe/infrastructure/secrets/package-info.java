/** Secrets the service keeps at rest: sealed with AES-GCM under one key that never leaves the process. */
package io.moe.infrastructure.secrets;
