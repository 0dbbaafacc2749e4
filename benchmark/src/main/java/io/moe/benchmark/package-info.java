/** The benchmark command: figures for the cache lookup, the parallel stage, throughput, latency and memory. */
package io.moe.benchmark;
