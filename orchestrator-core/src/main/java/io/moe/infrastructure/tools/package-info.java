/** The orchestrator's client of the precision-tool server: tool descriptions and POST /invoke. */
package io.moe.infrastructure.tools;
