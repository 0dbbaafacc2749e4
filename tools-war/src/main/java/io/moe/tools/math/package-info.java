/** Number tools: exact arithmetic, equations, statistics, primes, gcd/lcm, Roman numerals. */
package io.moe.tools.math;
