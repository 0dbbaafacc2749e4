/** MicroProfile Health checks behind GET /health: liveness, and readiness of the database. */
package io.moe.interfaces.health;
