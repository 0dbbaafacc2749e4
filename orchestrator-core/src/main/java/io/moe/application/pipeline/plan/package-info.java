/** Rule 2, the planner: typed subtasks from the planner model, cached plans, and learned success patterns (rule 15). */
package io.moe.application.pipeline.plan;
