/** The bounded, container-managed executor that runs pipeline work off the request threads. */
package io.moe.infrastructure.concurrency;
