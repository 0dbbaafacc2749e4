package io.moe.application.pipeline.tools;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.Subtask;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 3's precision tools run only within the asking user's mcp_tool grants. */
class ToolGrantsRuleTest {

    private static final Subtask ENCODE = new Subtask("Encode it", Category.PRECISION_TOOLS, null, "base64_codec",
            Json.createObjectBuilder().add("data", "x").build());
    private static final Plan PLAN = new Plan(List.of(ENCODE, Subtask.of("Explain it", Category.GENERAL)), false);

    @Test
    void aToolTheUserMayNotCallBecomesAGeneralTaskAndTheTraceSaysWhy() {
        PipelineRun run = Fakes.run("q", Fakes.user(), 0);
        Plan plan = new ToolStage().withinGrants(run, PLAN);
        assertEquals(List.of(Category.GENERAL, Category.GENERAL), plan.tasks().stream().map(Subtask::category).toList());
        String trace = run.trace().toJson(List.of()).getJsonArray("tools").getJsonObject(0).toString();
        assertTrue(trace.contains("\"skipped\"") && trace.contains("base64_codec"), trace);
    }

    @Test
    void aGrantedToolOrAnAdminKeepsThePlan() {
        assertSame(PLAN, new ToolStage().withinGrants(Fakes.run("q", Fakes.user("base64_codec"), 0), PLAN));
        assertSame(PLAN, new ToolStage().withinGrants(Fakes.run("q", Fakes.admin(), 0), PLAN));
    }
}
