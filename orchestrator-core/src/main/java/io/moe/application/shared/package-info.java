/** What every application service may use: the unit-of-work binding that runs a service's methods in one transaction. */
package io.moe.application.shared;
