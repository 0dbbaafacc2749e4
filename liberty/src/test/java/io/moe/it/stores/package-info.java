/** The service with a store hung or gone: what degrades, how fast requests stay, and recovery without a restart. */
package io.moe.it.stores;
