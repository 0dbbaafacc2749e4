/** Redis adapter: short-lived counters and values with expiry, over Jedis. */
package io.moe.infrastructure.redis;
