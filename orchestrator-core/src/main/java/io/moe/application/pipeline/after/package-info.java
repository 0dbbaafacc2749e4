/** Rules 10 and 11, off the response path: response metadata, the cache store, ingest events and metrics. */
package io.moe.application.pipeline.after;
