/** The bounded, container-managed executor that runs pipeline work off the request threads, and named worker threads. */
package io.moe.infrastructure.concurrency;
