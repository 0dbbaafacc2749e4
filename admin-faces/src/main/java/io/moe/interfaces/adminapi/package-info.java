/**
 * The admin JSON API under /api on the admin port: users, their keys, budgets, permissions and usage.
 * Errors are application/problem+json with a stable code and the field at fault.
 */
package io.moe.interfaces.adminapi;
