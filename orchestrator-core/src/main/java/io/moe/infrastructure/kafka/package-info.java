/** Kafka adapter: publishes the service's events with kafka-clients. */
package io.moe.infrastructure.kafka;
