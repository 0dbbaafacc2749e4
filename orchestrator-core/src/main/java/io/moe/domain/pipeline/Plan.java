package io.moe.domain.pipeline;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** The planner's decision: one to four subtasks; {@code fallback} when the planner's output was unusable. */
public record Plan(List<Subtask> tasks, boolean fallback) {

    public static final int MAX_TASKS = 4;

    public Plan {
        tasks = List.copyOf(tasks);
        if (tasks.isEmpty() || tasks.size() > MAX_TASKS) {
            throw new IllegalArgumentException("a plan has 1 to " + MAX_TASKS + " tasks, not " + tasks.size());
        }
    }

    /** The spec's fallback: one general task holding the whole input. */
    public static Plan general(String input) {
        return new Plan(List.of(Subtask.of(input, Category.GENERAL)), true);
    }

    public boolean has(String category) {
        return tasks.stream().anyMatch(t -> t.category().equals(category));
    }

    public List<Subtask> of(String category) {
        return tasks.stream().filter(t -> t.category().equals(category)).toList();
    }

    public List<Subtask> expertTasks() {
        return tasks.stream().filter(t -> Category.isExpert(t.category())).toList();
    }

    /** The categories of the plan, sorted: the pattern stored when a user rates an answer well. */
    public String pattern() {
        Set<String> categories = tasks.stream().map(Subtask::category).collect(Collectors.toCollection(TreeSet::new));
        return String.join("+", categories);
    }

    public JsonArray toJson() {
        JsonArrayBuilder array = Jsonp.createArrayBuilder();
        tasks.forEach(t -> array.add(t.toJson()));
        return array.build();
    }
}
