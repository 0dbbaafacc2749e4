/** Black-box tests of identity and spend control: the admin JSON API, key checking, budgets, permissions. */
package io.moe.it.identity;
