/** Network tools: IPv4 and IPv6 subnet arithmetic with the IPAddress library. */
package io.moe.tools.net;
