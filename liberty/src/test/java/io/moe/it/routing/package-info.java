/** Black-box tests of the inference servers and expert templates managed at run time, and of how model calls are routed to them. */
package io.moe.it.routing;
