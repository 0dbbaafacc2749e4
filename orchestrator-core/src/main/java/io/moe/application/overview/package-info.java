/**
 * The service at a glance for the admin dashboard: health of every store, usage of today and this month,
 * the busiest users and models, recent errors and the semantic cache's hit rate, from what the service keeps.
 */
package io.moe.application.overview;
