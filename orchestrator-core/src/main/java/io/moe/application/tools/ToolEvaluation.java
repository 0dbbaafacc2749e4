package io.moe.application.tools;

import io.moe.domain.shared.PlainText;
import io.moe.domain.pipeline.ToolResult;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The admin's tool evaluation ({@code /tool-eval}): run one tool with arguments through the tool server's
 * {@code POST /invoke} (the orchestrator's service credential, the call log naming the admin) and time it;
 * keep named cases in the {@link ToolCaseStore} and run them all, each passing or failing by its expectation.
 */
@ApplicationScoped
public class ToolEvaluation {

    static final int MAX_CASES = 200;
    static final int MAX_NAME = 100;
    static final int MAX_ARGS_CHARS = 20_000;
    static final int MAX_EXPECTED = 2_000;

    @Inject
    ToolServerClient server;

    @Inject
    ToolCaseStore cases;

    /** The outcome of one run: answered or refused, the result or the reason, and the time it took. */
    public record Run(boolean ok, String content, long millis) {
    }

    /** The run of a saved case and whether it passed. */
    public record CaseRun(ToolCase toolCase, Run run, boolean passed) {
    }

    public static class CaseRefusedException extends Refusal {
        private static final long serialVersionUID = 1L;

        CaseRefusedException(Kind kind, String code, String field, String message) {
            super(kind, code, field, message);
        }
    }

    public Run run(String tool, JsonObject args, String admin) {
        long start = System.nanoTime();
        ToolResult result = server.invoke(tool, args, admin);
        return new Run(result.ok(), result.output(), (System.nanoTime() - start) / 1_000_000);
    }

    public List<ToolCase> cases() {
        return cases.all();
    }

    /** Saves a case; refused naming the field when the name is empty, taken or too long, or a bound is exceeded. */
    public ToolCase save(String name, String tool, JsonObject args, boolean expectOk, String expectedText) {
        String n = name == null ? "" : name.strip();
        if (n.isEmpty() || n.length() > MAX_NAME || PlainText.hasControlCharacters(n)) {
            throw new CaseRefusedException(Refusal.Kind.INVALID, "invalid_name", "name", "name the case (1 to " + MAX_NAME
                    + " characters, no control characters)");
        }
        if (tool == null || tool.isBlank()) {
            throw new CaseRefusedException(Refusal.Kind.INVALID, "missing_tool", "tool", "choose a tool first");
        }
        String argsJson = args.toString();
        if (argsJson.length() > MAX_ARGS_CHARS) {
            throw new CaseRefusedException(Refusal.Kind.TOO_LARGE, "args_too_large", "args", "the arguments have " + argsJson.length()
                    + " characters; at most " + MAX_ARGS_CHARS + " are kept");
        }
        if (PlainText.hasControlCharacters(expectedText)) {
            throw new CaseRefusedException(Refusal.Kind.INVALID, "invalid_expected", "expected", "the expected text must not contain control characters");
        }
        if (expectedText != null && expectedText.length() > MAX_EXPECTED) {
            throw new CaseRefusedException(Refusal.Kind.INVALID, "expected_too_long", "expected", "the expected text has at most "
                    + MAX_EXPECTED + " characters");
        }
        if (cases.withName(n).isPresent()) {
            throw new CaseRefusedException(Refusal.Kind.CONFLICT, "duplicate_name", "name", "a case named '" + n + "' exists already");
        }
        if (cases.all().size() >= MAX_CASES) {
            throw new CaseRefusedException(Refusal.Kind.CONFLICT, "too_many_cases", "name", "there are " + MAX_CASES
                    + " cases already, the most kept; delete one first");
        }
        ToolCase saved = new ToolCase(Ids.newId(), n, tool, argsJson, expectOk,
                expectedText == null || expectedText.isBlank() ? null : expectedText, Instant.now());
        cases.add(saved);
        return saved;
    }

    public void remove(String id) {
        if (!cases.remove(id)) {
            throw new CaseRefusedException(Refusal.Kind.NOT_FOUND, "not_found", null, "there is no tool case with id '" + id + "'");
        }
    }

    /** Runs every saved case, one after the other, in name order. */
    public List<CaseRun> runAll(String admin) {
        List<CaseRun> runs = new ArrayList<>();
        for (ToolCase c : cases.all()) {
            Run run = run(c.tool(), Jsonp.readObject(c.argsJson()), admin);
            runs.add(new CaseRun(c, run, c.passes(run.ok(), run.content())));
        }
        return runs;
    }
}
