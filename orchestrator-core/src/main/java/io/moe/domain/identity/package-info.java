/** Who is calling: users, their API keys and the permissions and budgets that bound what they may do. */
package io.moe.domain.identity;
