/** Expert templates: which planner, judge and expert models serve each category, and on which inference server. */
package io.moe.domain.template;
