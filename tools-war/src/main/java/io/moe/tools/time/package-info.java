/** Calendar tools on java.time: differences, additions, weekdays and ISO weeks. */
package io.moe.tools.time;
