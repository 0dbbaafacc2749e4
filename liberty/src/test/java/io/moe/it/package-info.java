/** Black-box tests against the started server and stores: HTTP, server-sent events and real client libraries. */
package io.moe.it;
