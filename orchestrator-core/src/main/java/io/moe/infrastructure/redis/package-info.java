/**
 * Redis adapters of the application's ports ({@code Redis<Port>}): every Redis key name, expiry and Lua
 * script lives here, over one pooled Jedis client, {@link io.moe.infrastructure.redis.RedisStore}.
 */
package io.moe.infrastructure.redis;
