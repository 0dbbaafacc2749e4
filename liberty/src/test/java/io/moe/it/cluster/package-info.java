/** Two Liberty servers on the same stores, as one service: budgets, key revocation and the ingest consumer group across both. */
package io.moe.it.cluster;
