package io.moe.tools.data;

import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.EvaluationListener;
import com.jayway.jsonpath.InvalidJsonException;
import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.JsonPathException;
import com.jayway.jsonpath.PathNotFoundException;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.tools.ResultBudget;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.List;
import java.util.Map;

/**
 * json_query: evaluates a JSONPath expression (Jayway JsonPath) against a JSON document. A deep scan
 * such as {@code $..*} returns every subtree of the document, so its text can be depth times the size
 * of the input (and a nested one, {@code $..*..*}, far more): every match is measured against the result budget as
 * the evaluation finds it, which stops there, so a result over it is a 422 {@code result_too_large} before it was
 * built. A path that is valid but cannot apply to the document is a 422 {@code path_not_applicable}.
 */
public final class JsonQuery implements Tool {

    private final long maxResultChars;
    private static final java.util.regex.Pattern FUNCTION_AT_END = java.util.regex.Pattern.compile("\\.[A-Za-z]+\\([^()]*\\)\\s*$");

    /** @param maxResultChars most characters the result of one query may have */
    public JsonQuery(long maxResultChars) {
        this.maxResultChars = maxResultChars;
    }

    @Override
    public String name() {
        return "json_query";
    }

    @Override
    public String description() {
        return "Query a JSON document with a JSONPath expression such as $.store.book[0].title or $..price.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("json", "string", "the JSON document (a string, or an object)")
                .required("path", "string", "a JSONPath expression starting with $").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        JsonValue given = args.json().containsKey("json") ? args.json().get("json") : args.json().get("json_str");
        String json = given != null && given.getValueType() != JsonValue.ValueType.STRING
                ? given.toString() : args.string("json", "json_str", "data");
        if (json.length() > ToolArgs.MAX_STRING) { // a document sent as an object is held to the same bound as text
            throw new ToolException(Kind.TOO_LARGE, "input_too_large", "json", "'json' is " + json.length()
                    + " characters; the limit is " + ToolArgs.MAX_STRING);
        }
        String path = args.string("path", "query", "jsonpath");
        if (path.contains("=~")) {
            throw ToolException.invalid("path", "regular-expression filters (=~) are not supported here; use regex_extract on the text");
        }
        ResultBudget budget = new ResultBudget(maxResultChars, "use a more specific path than a deep scan ($..) over the whole document");
        // A path ending in a function ($..*.length()) answers one value: the matches its function reads are not the
        // result, and the library evaluates them with this same configuration, so only other paths count as they go.
        Configuration plain = Configuration.defaultConfiguration();
        Configuration config = FUNCTION_AT_END.matcher(path).find() ? plain : plain.addEvaluationListeners(found -> {
            measure(found.result(), budget); // throws past the budget: the evaluation stops at this match
            return EvaluationListener.EvaluationContinuation.CONTINUE;
        });
        Object result;
        try {
            Object document = config.jsonProvider().parse(json);
            result = JsonPath.compile(path).read(document, config);
        } catch (InvalidJsonException e) {
            throw ToolException.invalid("json", "'json' is not valid JSON: " + e.getMessage());
        } catch (InvalidPathException e) {
            if (e instanceof PathNotFoundException) {
                return Jsonp.createObjectBuilder().add("path", path).add("found", false).addNull("result").build();
            }
            throw ToolException.invalid("path", "'" + path + "' is not a valid JSONPath expression: " + e.getMessage());
        } catch (ToolException overBudget) {
            throw overBudget;
        } catch (JsonPathException | UnsupportedOperationException | ClassCastException | IndexOutOfBoundsException
                 | IllegalArgumentException | IllegalStateException e) { // a valid path that does not apply, e.g. avg() of an empty array
            throw new ToolException(Kind.UNPROCESSABLE, "path_not_applicable", "path", "'" + path + "' cannot be applied to this document: "
                    + e.getMessage());
        }
        measure(result, new ResultBudget(maxResultChars, "use a more specific path than a deep scan ($..) over the whole document"));
        JsonValue answer;
        try {
            answer = asJson(result, config);
        } catch (UnsupportedOperationException | ClassCastException | IllegalArgumentException | IllegalStateException e) {
            throw new ToolException(Kind.UNPROCESSABLE, "path_not_applicable", "path", "'" + path + "' gives a result that is no JSON "
                    + "value: " + e.getMessage());
        }
        return Jsonp.createObjectBuilder().add("path", path).add("found", true).add("result", answer).build();
    }

    private static JsonValue asJson(Object result, Configuration config) {
        try {
            return result == null ? JsonValue.NULL
                    : result instanceof String text ? Jsonp.createValue(text)
                    : result instanceof Boolean b ? (b ? JsonValue.TRUE : JsonValue.FALSE)
                    : result instanceof Number n ? Jsonp.readValue(n.toString())
                    : Jsonp.readValue(config.jsonProvider().toJson(result));
        } catch (JsonException | NumberFormatException e) { // the lenient reader took NaN, Infinity or 1e400 (beyond a double)
            throw ToolException.invalid("json", "the result holds NaN, Infinity or a number beyond ±1.8e308, which JSON cannot carry; "
                    + "write such numbers as strings");
        }
    }

    /** Spends the approximate JSON length of a json-smart value (maps, lists, scalars); stops at the budget. */
    private static void measure(Object node, ResultBudget budget) {
        if (node instanceof Map<?, ?> map) {
            budget.spend(2);
            for (Map.Entry<?, ?> e : map.entrySet()) {
                budget.spend(String.valueOf(e.getKey()).length() + 4);
                measure(e.getValue(), budget);
            }
        } else if (node instanceof List<?> list) {
            budget.spend(2);
            for (Object item : list) {
                budget.spend(1);
                measure(item, budget);
            }
        } else {
            budget.spend(node instanceof String text ? text.length() + 2 : String.valueOf(node).length());
        }
    }
}
