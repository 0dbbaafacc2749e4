package io.moe.tools;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.data.JsonQuery;
import io.moe.tools.text.RegexExtract;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Results are capped at the configured number of characters, and the worst offenders stop early. */
class ResultLimitsTest {

    private static final long BUDGET = 1_000_000;

    @Test
    void aRegexWhoseGroupsRepeatTheTextIsRefusedBeforeItsResultExists() {
        String args = Json.createObjectBuilder().add("text", "a".repeat(20_000)).add("pattern", "(?=(.*))").add("flags", "s")
                .build().toString();
        ToolException e = ToolCase.refused(new RegexExtract(BUDGET), args, "result_too_large", null);
        assertEquals(Kind.UNPROCESSABLE, e.kind());
    }

    @Test
    void aRegexResultWithinTheBudgetIsAnswered() {
        String args = Json.createObjectBuilder().add("text", "a".repeat(500)).add("pattern", "(?=(.*))").add("flags", "s")
                .build().toString();
        assertEquals(501, ToolCase.run(new RegexExtract(BUDGET), args).getInt("count"));
    }

    @Test
    void aDeepScanOfANestedDocumentIsRefused() {
        StringBuilder doc = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            doc.append("{\"a\":");
        }
        doc.append('"').append("x".repeat(10_000)).append('"').append("}".repeat(300));
        String args = Json.createObjectBuilder().add("json", doc.toString()).add("path", "$..*").build().toString();
        ToolCase.refused(new JsonQuery(BUDGET), args, "result_too_large", null);
        String narrow = Json.createObjectBuilder().add("json", doc.toString()).add("path", "$.a.a").build().toString();
        assertEquals(true, ToolCase.run(new JsonQuery(BUDGET), narrow).getBoolean("found"));
    }

    @Test
    void aNestedDeepScanStopsAtTheBudgetBeforeItsResultIsBuilt() {
        StringBuilder doc = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            doc.append("{\"a\":");
        }
        doc.append('[').append("1,".repeat(94_999)).append("1]").append("}".repeat(300));
        for (String path : new String[] {"$..*", "$..*..*"}) {
            String args = Json.createObjectBuilder().add("json", doc.toString()).add("path", path).build().toString();
            ToolCase.refused(new JsonQuery(BUDGET), args, "result_too_large", null);
        }
    }

    @Test
    void aFunctionOverADeepScanAnswersItsOneValue() {
        StringBuilder doc = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            doc.append("{\"a\":");
        }
        doc.append('"').append("x".repeat(200_000 - 100)).append('"').append("}".repeat(6));
        String args = Json.createObjectBuilder().add("json", doc.toString()).add("path", "$..*.length()").build().toString();
        assertEquals(true, ToolCase.run(new JsonQuery(BUDGET), args).getBoolean("found"), "the subtrees it counts are no result");
    }

    @Test
    void anyResultOverTheBudgetIsRefusedWhenMeasured() {
        var big = Json.createObjectBuilder().add("text", "é".repeat(2_000)).build();
        ToolException e = assertThrows(ToolException.class, () -> ResultBudget.check(big, 1_000, "ask for less"));
        assertEquals("result_too_large", e.code());
        ResultBudget.check(big, 10_000, "ask for less");
    }
}
