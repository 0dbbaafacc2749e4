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

    /**
     * This plan with a vision task where it has none (rule 14: the vision expert receives the images): a general task,
     * as a fallback plan's is, becomes the vision task; else one is added for the whole input while there is room.
     */
    public Plan seeing(String input) {
        if (has(Category.VISION)) {
            return this;
        }
        List<Subtask> seen = new java.util.ArrayList<>(tasks);
        for (int i = 0; i < seen.size(); i++) {
            if (seen.get(i).category().equals(Category.GENERAL)) {
                seen.set(i, Subtask.of(seen.get(i).task(), Category.VISION));
                return new Plan(seen, fallback);
            }
        }
        if (seen.size() < MAX_TASKS) {
            seen.add(Subtask.of(input, Category.VISION));
        } else {
            seen.set(seen.size() - 1, Subtask.of(input, Category.VISION));
        }
        return new Plan(seen, fallback);
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
