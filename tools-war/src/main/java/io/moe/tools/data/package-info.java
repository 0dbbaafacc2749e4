/** Data tools: JSON path queries and physical unit conversion (JSR 385). */
package io.moe.tools.data;
