/** Kafka events of the orchestrator (moe.requests, moe.ingest, moe.feedback), delivered even across broker outages. */
package io.moe.application.events;
