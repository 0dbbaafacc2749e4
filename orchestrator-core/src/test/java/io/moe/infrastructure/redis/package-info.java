/** Tests of the Redis adapters against a real Redis started by the devservices module ({@link io.moe.infrastructure.redis.TestRedis}). */
package io.moe.infrastructure.redis;
