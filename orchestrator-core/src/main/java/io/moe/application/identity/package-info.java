/** Use cases of identity: authenticating API keys and sessions, and bootstrapping the first admin. */
package io.moe.application.identity;
