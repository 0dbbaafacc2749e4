/** Spend control: token budgets with atomic reservations, the usage log and the spend metrics. */
package io.moe.application.spend;
