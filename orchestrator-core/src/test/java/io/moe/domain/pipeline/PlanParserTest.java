package io.moe.domain.pipeline;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlanParserTest {

    private static final Set<String> KNOWN = Category.known(Set.of());

    @Test
    void readsAnArrayInsideCodeFencesAndProse() {
        String output = "Here is the plan:\n```json\n[{\"task\": \"Explain tides\", \"category\": \"science\"},"
                + " {\"task\": \"Find today's tide table\", \"category\": \"research\", \"search_query\": \"tide table Hamburg\"}]\n```\nDone.";
        Plan plan = PlanParser.parse(output, "q", KNOWN);
        assertFalse(plan.fallback());
        assertEquals(2, plan.tasks().size());
        assertEquals("science", plan.tasks().get(0).category());
        assertEquals("tide table Hamburg", plan.tasks().get(1).searchQuery());
    }

    @Test
    void dropsEntriesThatAreNotObjectsLackFieldsOrNameUnknownCategories() {
        String output = "[\"text\", {\"task\": \"no category\"}, {\"category\": \"math\"}, {\"task\": \"x\", \"category\": \"astrology\"},"
                + " {\"task\": \"Add 2 and 3\", \"category\": \"MATH\"}]";
        Plan plan = PlanParser.parse(output, "q", KNOWN);
        assertEquals(1, plan.tasks().size());
        assertEquals("math", plan.tasks().get(0).category(), "categories are matched case-insensitively");
    }

    @Test
    void unparseableOutputIsOneGeneralTaskHoldingTheInput() {
        Plan plan = PlanParser.parse("I think you should ask an expert [maybe", "What is love?", KNOWN);
        assertTrue(plan.fallback());
        assertEquals(1, plan.tasks().size());
        assertEquals("general", plan.tasks().get(0).category());
        assertEquals("What is love?", plan.tasks().get(0).task());
    }

    @Test
    void anArrayWithNothingUsableAlsoFallsBack() {
        assertTrue(PlanParser.parse("[1, 2, 3]", "q", KNOWN).fallback());
    }

    @Test
    void precisionToolsWinOverMathForTheSameTask() {
        String output = "[{\"task\": \"Compute 17 * 23\", \"category\": \"math\"},"
                + " {\"task\": \"compute 17 * 23 \", \"category\": \"precision_tools\", \"mcp_tool\": \"calculate\", \"mcp_args\": {\"expression\": \"17*23\"}}]";
        Plan plan = PlanParser.parse(output, "q", KNOWN);
        assertEquals(1, plan.tasks().size());
        assertEquals("precision_tools", plan.tasks().get(0).category());
        assertEquals("calculate", plan.tasks().get(0).mcpTool());
        assertEquals("17*23", plan.tasks().get(0).mcpArgs().getString("expression"));
    }

    @Test
    void keepsAtMostFourTasks() {
        StringBuilder output = new StringBuilder("[");
        for (int i = 0; i < 6; i++) {
            output.append(i == 0 ? "" : ",").append("{\"task\": \"t").append(i).append("\", \"category\": \"general\"}");
        }
        assertEquals(4, PlanParser.parse(output.append("]").toString(), "q", KNOWN).tasks().size());
    }

    @Test
    void templateCategoriesAreKnown() {
        Plan plan = PlanParser.parse("[{\"task\": \"t\", \"category\": \"poetry\"}]", "q", Category.known(Set.of("poetry")));
        assertEquals("poetry", plan.tasks().get(0).category());
    }

    @Test
    void manyBracketsWithoutAPlanAreGivenUpOnQuickly() {
        String hostile = "[".repeat(20_000) + "x" + "]".repeat(20_000);
        assertTrue(org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(30),
                () -> PlanParser.firstArray(hostile)).isEmpty(), "no candidate parses");
    }

    @Test
    void anArrayFollowedByProseAndStrayBracketsIsFound() {
        assertEquals(2, PlanParser.firstArray("Plan: [{\"a\":1},{\"b\":2}] and then ] more ]").orElseThrow().size());
        assertEquals(1, PlanParser.firstArray("see [note] then [{\"task\":\"x\"}]").orElseThrow().size());
    }
}
