/** Black-box tests of the messages API for coding clients, its profiles and the provider status. */
package io.moe.it.coding;
