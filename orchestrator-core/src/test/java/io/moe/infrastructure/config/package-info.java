/** Checks that apply to the configuration of every component. */
package io.moe.infrastructure.config;
