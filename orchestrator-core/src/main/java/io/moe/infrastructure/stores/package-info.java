/** CDI producers that build the store adapters from the {@code moe.*} configuration. */
package io.moe.infrastructure.stores;
