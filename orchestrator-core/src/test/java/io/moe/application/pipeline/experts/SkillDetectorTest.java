package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.pipeline.ToolResult;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The skill_detector expert: a request for a file becomes a generate_file call within the user's grants. */
class SkillDetectorTest {

    private static final String FILE = "Here it is: {\"format\":\"PPTX\",\"filename\":\"tides/../deck\",\"content\":\"# Tides\\n- the moon\"}";
    private final List<JsonObject> made = new CopyOnWriteArrayList<>();

    @Test
    void aRequestForAFileGetsTheFileMadeAndItsLink() {
        PipelineRun run = run(Fakes.user("generate_file"));

        ExpertResult result = ask(FILE, run);

        assertEquals(1, made.size());
        assertEquals("pptx", made.get(0).getString("format"));
        assertEquals("tides..deck", made.get(0).getString("filename"), "no folders in the name");
        assertEquals("# Tides\n- the moon", made.get(0).getString("content"));
        assertTrue(result.text().contains("http://tools/downloads/f1.pptx"), result.text());
        assertTrue(result.text().contains("until 2026-11-29 10:00 UTC"), result.text());
        assertTrue(run.findings().madeFile(), "an answer with a user's file link is not shared");
        JsonObject tool = run.trace().toJson(List.of()).getJsonArray("tools").getJsonObject(0);
        assertEquals("generate_file", tool.getString("tool"));
        assertFalse(tool.toString().contains("the moon"), "the trace does not copy the file: " + tool);
    }

    @Test
    void withoutTheToolGrantNoFileIsMadeAndTheAnswerSaysWhy() {
        PipelineRun run = run(Fakes.user());

        ExpertResult result = ask(FILE, run);

        assertEquals(List.of(), made);
        assertTrue(result.text().contains("mcp_tool permission for generate_file"), result.text());
        assertTrue(result.text().contains("# Tides"), "the content is still given: " + result.text());
        assertFalse(run.findings().madeFile());
    }

    @Test
    void aRequestForNoFileIsAnsweredAsByAnyExpert() {
        PipelineRun run = run(Fakes.user("generate_file"));

        ExpertResult result = ask("NONE", run);

        assertEquals(List.of(), made);
        assertTrue(result.text().startsWith("An ordinary answer"), result.text());
    }

    @Test
    void onlyAUsableFileDescriptionCounts() {
        assertTrue(SkillDetector.described("{\"format\":\"exe\",\"content\":\"x\"}").isEmpty());
        assertTrue(SkillDetector.described("{\"format\":\"csv\",\"content\":\"  \"}").isEmpty());
        assertTrue(SkillDetector.described("{not json}").isEmpty());
        assertEquals("csv", SkillDetector.described("```json\n{\"format\":\".csv\",\"content\":\"a,b\"}\n```").orElseThrow().getString("format"));
    }

    private static PipelineRun run(Caller caller) {
        PipelineRun run = Fakes.run("Make me a presentation about tides", caller, 0);
        run.findings().plan(new io.moe.domain.pipeline.Plan(List.of(Subtask.of("Make a presentation about tides", SkillDetector.CATEGORY)), false));
        return run;
    }

    private ExpertResult ask(String detectorAnswer, PipelineRun run) {
        Fakes.ScriptedInference inference = new Fakes.ScriptedInference(call -> CompletableFuture.completedFuture(new Completion(
                call.messages().get(0).text().startsWith("You are the skill detector") ? detectorAnswer : "An ordinary answer.\nKONFIDENZ: hoch",
                call.model().toString(), new TokenUsage(10, 5))));
        ExpertStage stage = new ExpertStage();
        stage.models = Fakes.caller(inference);
        stage.scores = new ModelScores();
        stage.scores.store = new Fakes.MemoryScores();
        stage.executor = Fakes.executor();
        stage.metrics = new Fakes.NoMetrics();
        stage.errors = new ErrorExamples();
        stage.errors.store = new Fakes.NoCorrections();
        stage.skills = new SkillDetector();
        stage.skills.models = stage.models;
        stage.skills.tools = new ToolServerClient() {
            @Override
            public ToolResult invoke(String tool, JsonObject args) {
                made.add(args);
                return new ToolResult(tool, args, true, "{\"filename\":\"f1.pptx\",\"format\":\"pptx\",\"path\":\"/downloads/f1.pptx\","
                        + "\"url\":\"http://tools/downloads/f1.pptx\",\"expires_at\":\"2026-11-29T10:00:00.106796356Z\"}");
            }
        };
        List<ExpertResult> results = stage.run(run, run.findings().plan().expertTasks());
        assertEquals(1, results.size());
        return results.get(0);
    }
}
