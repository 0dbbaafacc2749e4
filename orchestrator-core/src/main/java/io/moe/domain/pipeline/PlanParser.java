package io.moe.domain.pipeline;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a planner's output the way the spec asks: the JSON array may sit inside code fences or prose;
 * entries that are not objects, lack task or category, or name an unknown category are dropped; a
 * precision_tools task wins over a math task with the same text; at most four tasks are kept. Output
 * that holds no usable array gives the fallback plan: one general task holding the input.
 */
public final class PlanParser {

    private PlanParser() {
    }

    public static Plan parse(String output, String input, Set<String> knownCategories) {
        Optional<JsonArray> array = firstArray(output == null ? "" : output);
        if (array.isEmpty()) {
            return Plan.general(input);
        }
        List<Subtask> tasks = new ArrayList<>();
        for (JsonValue entry : array.get()) {
            subtask(entry, knownCategories).ifPresent(tasks::add);
        }
        tasks = toolsWinOverMath(tasks);
        if (tasks.isEmpty()) {
            return Plan.general(input);
        }
        return new Plan(tasks.subList(0, Math.min(Plan.MAX_TASKS, tasks.size())), false);
    }

    /** How many '[' positions are tried before the output counts as having no plan. */
    static final int MAX_CANDIDATES = 32;

    /**
     * The first JSON array in the text that parses, trying each '[' from the left (at most
     * {@link #MAX_CANDIDATES}); each try reads one array from its '[' and ignores what follows, so the
     * cost stays linear in the output per try, whatever a model writes.
     */
    static Optional<JsonArray> firstArray(String text) {
        int tried = 0;
        for (int start = text.indexOf('['); start >= 0 && tried < MAX_CANDIDATES; start = text.indexOf('[', start + 1), tried++) {
            try (JsonParser parser = Jsonp.createParser(new StringReader(text.substring(start)))) {
                if (parser.hasNext() && parser.next() == JsonParser.Event.START_ARRAY) {
                    return Optional.of(parser.getArray());
                }
            } catch (RuntimeException notThisOne) { // invalid JSON, or nested deeper than the parser allows
                // try a later candidate
            }
        }
        return Optional.empty();
    }

    private static Optional<Subtask> subtask(JsonValue entry, Set<String> knownCategories) {
        if (!(entry instanceof JsonObject o)) {
            return Optional.empty();
        }
        String task = text(o, "task");
        String category = text(o, "category");
        if (task == null || category == null) {
            return Optional.empty();
        }
        category = category.trim().toLowerCase(Locale.ROOT);
        if (!knownCategories.contains(category)) {
            return Optional.empty();
        }
        JsonObject args = o.get("mcp_args") instanceof JsonObject a ? a : null;
        return Optional.of(new Subtask(task.trim(), category, text(o, "search_query"), text(o, "mcp_tool"), args));
    }

    private static List<Subtask> toolsWinOverMath(List<Subtask> tasks) {
        List<Subtask> kept = new ArrayList<>();
        for (Subtask t : tasks) {
            boolean shadowed = Category.MATH.equals(t.category()) && tasks.stream().anyMatch(other ->
                    Category.PRECISION_TOOLS.equals(other.category()) && same(other.task(), t.task()));
            if (!shadowed) {
                kept.add(t);
            }
        }
        return kept;
    }

    private static boolean same(String a, String b) {
        return a.trim().equalsIgnoreCase(b.trim());
    }

    private static String text(JsonObject o, String field) {
        return o.get(field) instanceof JsonString s && !s.getString().isBlank() ? s.getString() : null;
    }
}
