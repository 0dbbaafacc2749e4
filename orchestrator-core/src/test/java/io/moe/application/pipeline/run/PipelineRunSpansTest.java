package io.moe.application.pipeline.run;

import io.moe.application.pipeline.Fakes;
import io.moe.application.tracing.Spans;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run's stages become spans under the run, nested stages under theirs, and each thread keeps its own stage. */
class PipelineRunSpansTest {

    /** Spans in memory: name, parent's name, whether ended and failed. */
    static final class Recorded implements Spans {
        final List<Kept> spans = new CopyOnWriteArrayList<>();

        final class Kept implements Span {
            final String name;
            final String parent;
            volatile boolean ended;
            volatile boolean failed;

            Kept(String name, String parent) {
                this.name = name;
                this.parent = parent;
            }

            @Override
            public void failed(Throwable error) {
                failed = true;
            }

            @Override
            public void end() {
                ended = true;
            }

            @Override
            public String traceId() {
                return "0af7651916cd43dd8448eb211c80319c";
            }

            @Override
            public Scope enter() {
                String before = entered.get();
                entered.set(name);
                return () -> entered.set(before);
            }
        }

        /** The span each thread entered last and has not left, as a logger would see it. */
        final ThreadLocal<String> entered = new ThreadLocal<>();

        @Override
        public Span start(String name, Span parent, Map<String, String> attributes) {
            Kept span = new Kept(name, parent instanceof Kept k ? k.name : null);
            spans.add(span);
            return span;
        }

        Kept named(String name) {
            return spans.stream().filter(s -> s.name.equals(name)).findFirst().orElseThrow(() -> new AssertionError("no span " + name));
        }
    }

    @Test
    void whileAStageRunsItsSpanIsCurrentOnItsThreadsAndOnTheThreadsItFansOutTo() {
        Recorded spans = new Recorded();
        PipelineRun run = Fakes.run("Why is the sky blue?");
        run.traced(spans, spans.start("moe.pipeline", null, Map.of()));
        List<String> seen = new CopyOnWriteArrayList<>();
        run.timed("experts", () -> {
            seen.add(spans.entered.get());
            run.timed("tier1", () -> seen.add(spans.entered.get()));
            seen.add(spans.entered.get());
            CompletableFuture.supplyAsync(run.inCurrentStage(() -> seen.add(spans.entered.get()))).join();
        });
        seen.add(String.valueOf(spans.entered.get()));
        assertEquals(List.of("stage experts", "stage tier1", "stage experts", "stage experts", "null"), seen);
    }

    @Test
    void stagesHangUnderTheRunAndCallsUnderTheStageOfTheirThread() throws Exception {
        Recorded spans = new Recorded();
        PipelineRun run = Fakes.run("Why is the sky blue?");
        Spans.Span root = spans.start("moe.pipeline", null, Map.of());
        run.traced(spans, root);

        run.timed("merger", () -> {
            run.timed("gap_check", () -> run.startSpan("model judge", run.currentSpan(), Map.of()).end());
            run.startSpan("model judge@local", run.currentSpan(), Map.of()).end();
        });
        CompletableFuture.runAsync(() -> run.startSpan("model expert", run.currentSpan(), Map.of()).end()).get();
        run.timed("experts", () -> {
            var inStage = run.inCurrentStage(() -> {
                run.startSpan("model tier one", run.currentSpan(), Map.of()).end();
                return null;
            });
            CompletableFuture.supplyAsync(inStage).join();
        });

        assertEquals("moe.pipeline", spans.named("stage merger").parent);
        assertEquals("stage merger", spans.named("stage gap_check").parent);
        assertEquals("stage gap_check", spans.named("model judge").parent);
        assertEquals("stage merger", spans.named("model judge@local").parent, "after the nested stage, its outer stage again");
        assertEquals("moe.pipeline", spans.named("model expert").parent, "another thread is in no stage of this run");
        assertEquals("stage experts", spans.named("model tier one").parent, "unless handed the stage it was started from");
        assertTrue(spans.spans.stream().filter(s -> s != root).allMatch(s -> s.ended));
        assertEquals(root, run.currentSpan(), "outside every stage, the run's own span");
        assertEquals("0af7651916cd43dd8448eb211c80319c", run.trace().toJson(List.of()).getString("trace_id"));
    }

    @Test
    void aStageThatFailsEndsItsSpanAsFailed() {
        Recorded spans = new Recorded();
        PipelineRun run = Fakes.run("Why is the sky blue?");
        run.traced(spans, spans.start("moe.pipeline", null, Map.of()));

        assertThrows(IllegalStateException.class, () -> run.timed("planner", () -> {
            throw new IllegalStateException("planner down");
        }));

        Recorded.Kept planner = spans.named("stage planner");
        assertTrue(planner.ended && planner.failed);
    }
}
